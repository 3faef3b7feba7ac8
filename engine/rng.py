# The project's own random numbers: a 30-bit linear congruential generator and a Fisher-Yates
# shuffle. Every value stays below 2**30, because MicroPython keeps only such ints unboxed (a
# bigger one allocates), so deal number N is the same deal on CPython and on the device.
from micropython import const

# x' = (A*x + C) mod 2**30 with A = 1103515245 mod 2**30. A*x itself would need 60 bits, so
# A and x are split into 15-bit halves and only the low 30 bits of the product are formed.
_A_HI = const(908)  # 29773421 >> 15
_A_LO = const(20077)  # 29773421 & 0x7FFF
_C = const(12345)
_LOW15 = const(0x7FFF)
_MASK30 = const(0x3FFFFFFF)


class Rng:
    def __init__(self, seed=1):
        self.x = 0
        self.seed(seed)

    def seed(self, n):
        self.x = n & _MASK30
        # two warm-up steps, so neighbouring deal numbers start far apart
        self.next()
        self.next()

    def next(self):
        # one step; returns the top 15 bits (an LCG's low bits are weak)
        x_lo = self.x & _LOW15
        x_hi = self.x >> 15
        low = _A_LO * x_lo  # < 2**30
        mid = ((low >> 15) + ((_A_HI * x_lo) & _LOW15) + ((_A_LO * x_hi) & _LOW15)) & _LOW15
        low = (low & _LOW15) + _C
        mid = (mid + (low >> 15)) & _LOW15
        self.x = (mid << 15) | (low & _LOW15)
        return mid

    def key(self):
        # a 30-bit seed drawn from this stream (three steps), for a second stream that must be
        # independent of this one: the top half is the XOR of two outputs, the low half the one
        # between. Two outputs side by side would start the new stream within 2**15 of one of
        # this stream's states (the top half would be that state's), and the two streams would
        # then differ by that small offset times A**k: a relation a chi-square test finds.
        a = self.next()
        b = self.next()
        return ((a ^ self.next()) << 15) | b

    def below(self, n):
        # uniform in 0..n-1 (1 <= n <= 32768): reject the top sliver that would bias small values
        limit = 32768 - 32768 % n
        r = self.next()
        while r >= limit:
            r = self.next()
        return r % n

    def shuffle(self, buf, start, n):
        # Fisher-Yates over buf[start:start+n], in place
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            t = buf[start + i]
            buf[start + i] = buf[start + j]
            buf[start + j] = t
