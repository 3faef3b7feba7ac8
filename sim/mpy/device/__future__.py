# CircuitPython has a __future__ module (adafruit_bitmap_font.bdf imports annotations from it);
# MicroPython's WebAssembly build does not.
annotations = True
