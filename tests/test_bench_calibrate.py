# The board-time model's calibration command (sim/bench_calibrate.py, `make bench
# ARGS=calibrate`): the model run on the code a real core ran, beside the core's figures. In a
# file of its own so that the test runner gives it a worker of its own (two minutes of
# MicroPython), beside test_bench_board.py's session.


def test_the_calibration_command_prints_every_row_beside_the_real_cores(capsys):
    # `make bench ARGS=calibrate` (one run here: no time is asserted, the machine is noisy):
    # the model on the code the core ran, every calibration row with its ratio, and the names
    from sim import bench_calibrate
    from sim.data import board_calibration

    assert bench_calibrate.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    for label, *_ in board_calibration.SCREENS:
        assert "\n" + label + " " in out, label
    for kind in board_calibration.KEYS:
        assert "\n" + kind + " " in out, kind
    assert "rows outside +-25%:" in out and "names the app interns on a PyBadge" in out
