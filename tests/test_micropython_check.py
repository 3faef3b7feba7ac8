# The MicroPython/CircuitPython compatibility check itself: it must catch what it promises to.
import os

import pytest

from sim.mpy import (
    MicroPythonError,
    circuitpython_modules,
    device_files,
    device_imports_outside_allow_list,
    mpy_cross_errors,
    run_micropython,
)


def test_allow_list_has_what_circuitpython_has_and_nothing_it_lacks():
    allowed = circuitpython_modules()
    for name in ("array", "gc", "micropython", "displayio", "keypad", "microcontroller", "supervisor"):
        assert name in allowed
    for name in ("itertools", "functools", "typing", "dataclasses", "enum", "copy", "abc", "heapq"):
        assert name not in allowed


def test_micropython_runs_the_engine_package():
    out = run_micropython("import sys\nfrom engine import game\nprint(sys.implementation.name, game.pack(1, 2, 3))")
    assert out.split() == ["micropython", str((1 << 11) | (2 << 6) | 3)]


def test_a_python_exception_fails_the_run():
    with pytest.raises(MicroPythonError, match="ZeroDivisionError"):
        run_micropython("x = 1 // 0")


def test_an_engine_file_importing_itertools_fails_with_the_module_name(tmp_path):
    bad = tmp_path / "badengine"
    bad.mkdir()
    (bad / "__init__.py").write_text("")
    (bad / "rules.py").write_text("import itertools\n")
    with pytest.raises(MicroPythonError, match="module 'itertools' is outside the allow-list"):
        run_micropython("import badengine.rules", dirs=(str(bad),))


def test_a_guarded_typing_import_passes_under_micropython(tmp_path):
    pkg = tmp_path / "hinted"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("try:\n    from typing import List\nexcept ImportError:\n    pass\nOK = 1\n")
    assert run_micropython("import hinted\nprint(hinted.OK)", dirs=(str(pkg),)).strip() == "1"


ALLOCATING = """
import alloc
def keeps_a_list(n):
    return [n]
def adds_small_ints(n):
    return n + 1
print(alloc.allocates(keeps_a_list, 3), alloc.allocates(adds_small_ints, 3))
"""


def test_heap_lock_helper_tells_allocating_from_frugal_code():
    assert run_micropython(ALLOCATING).split() == ["True", "False"]


def test_an_engine_function_that_allocates_under_heap_lock_fails_the_suite(tmp_path):
    bad = tmp_path / "leaky"
    bad.mkdir()
    (bad / "__init__.py").write_text("def legal_moves(buf):\n    return list(buf)\n")
    script = "import alloc, leaky\nassert not alloc.allocates(leaky.legal_moves, b'ab'), 'legal_moves allocated'\n"
    with pytest.raises(MicroPythonError, match="legal_moves allocated"):
        run_micropython(script, dirs=(str(bad),))


def test_device_code_imports_only_modules_circuitpython_has():
    assert device_imports_outside_allow_list(device_files()) == []


def test_static_import_check_names_the_bad_module(tmp_path):
    bad = tmp_path / "screen.py"
    bad.write_text("import functools\ntry:\n    from typing import Any\nexcept ImportError:\n    pass\n")
    assert device_imports_outside_allow_list([str(bad)]) == [
        os.path.relpath(str(bad), os.path.dirname(os.path.dirname(__file__))) + ":1 imports functools, which CircuitPython does not have"
    ]


def test_device_code_compiles_with_mpy_cross():
    files = device_files()
    assert files, "no device code found"
    assert mpy_cross_errors(files) == []


def test_mpy_cross_rejects_syntax_micropython_lacks(tmp_path):
    bad = tmp_path / "matchy.py"
    bad.write_text("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    errors = mpy_cross_errors([str(bad)])
    assert len(errors) == 1 and "matchy.py" in errors[0]
