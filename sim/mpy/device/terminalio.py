# terminalio stand-in (heap budget run): the built-in font, in flash on a board.
import fontio

FONT = fontio.BuiltinFont()
