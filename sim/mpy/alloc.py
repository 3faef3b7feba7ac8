# Proves a code path allocates nothing: call it with the MicroPython heap locked.
# Copied into the MicroPython runner's filesystem as the module `alloc`.
import gc
import micropython


def allocates(fn, *args):
    # The *args tuple is built before the lock. Inside it, a MemoryError means fn (or
    # something it called) asked the heap for memory. Nothing is printed or stored while
    # locked, because that would allocate too.
    gc.collect()
    micropython.heap_lock()
    try:
        fn(*args)
        hit = False
    except MemoryError:
        hit = True
    micropython.heap_unlock()
    return hit


def heap_cost(fn, *args):
    # Bytes of heap still held after fn returns (a measure, not a proof): live size of what
    # fn built and kept, e.g. a game state stored in a global.
    gc.collect()
    before = gc.mem_alloc()
    keep = fn(*args)
    gc.collect()
    cost = gc.mem_alloc() - before
    del keep
    return cost
