# A power cut at every byte of every NVM write of scripted sessions (every event the app makes),
# in two models: byte-prefix (the bytes up to the cut are new, the rest old) and flash (the
# whole block erased, then programmed page by page; a cut leaves it 0xFF from the cut page on).
# Each cut's image is opened by a fresh Store and what the player would see is compared with
# the state before and after the write.
from collections import Counter

import pytest

from solitaire.store import FOREIGN, OURS, Store
from tests.test_store_harness import (  # noqa: F401 (quick_crc is a fixture)
    PAGE, TERRACE, Session, cut_images, opened, outcome, quick_crc, script, state_of)

FOREIGN_DATA = bytes((i * 7 + 3) & 255 for i in range(8192))  # another program's data


def page_of(size):
    # SAMD51 and the brief's model: 512 B pages; a SAMD21's 256 B NVM row has 64 B pages
    return 64 if size == 256 else PAGE


def sweep(size, model, adopt=False, converge_every=16):
    start = FOREIGN_DATA[:size] if adopt else None
    sess = script(Session(size, start=start, seed=size), adopt=adopt)
    counts = Counter()
    firsts = {}
    sess.outcomes = []
    for w, (before, write, after, old, new) in enumerate(sess.writes):
        sess.outcomes.append([])
        for n, (where, img) in enumerate(cut_images(before, write, after, model, page_of(size))):
            what, msgs = outcome(img, old, new)
            sess.outcomes[-1].append(what)
            counts[what] += 1
            if msgs and what in ("old", "new"):
                counts[what + " with a message"] += 1
                counts["messages after write %d" % w] += 1
            firsts.setdefault(what, (write[0], where, msgs))
            if what != "crashed" and (model == "flash" or n % converge_every == 0):
                # the store's next commit writes a clean copy: no message on the open after it
                s, _ = opened(bytearray(img))
                if s.state != OURS:  # a cut adopt(): asked again, the other data partly there
                    assert s.state == FOREIGN and adopt and w == 0
                    continue
                seen = state_of(s)
                s.dirty = True
                s.commit()
                again, msgs2 = opened(bytearray(s.nvm))
                assert msgs2 == [] and state_of(again) == seen, (model, write[0], where, msgs2)
    return counts, firsts, sess


@pytest.mark.parametrize("size", [8192, 4096])
def test_byte_prefix_cut_at_every_byte_recovers_the_old_or_the_new_state(quick_crc, size):
    counts, firsts, sess = sweep(size, "byte", adopt=size == 8192)
    total = sum(len(w[1][1]) + 1 for w in sess.writes)
    assert counts["crashed"] == 0 and counts["silent"] == 0, firsts
    assert counts["reported"] == 0, firsts
    assert counts["old"] + counts["new"] == total
    # one switch per write: the old state up to the cut that completes the write's last record
    # (its used bytes; the tail marker may still be missing), the new one from there on
    for outs in sess.outcomes:
        switch = outs.index("new")
        assert 0 < switch and outs == ["old"] * switch + ["new"] * (len(outs) - switch)
    assert all(w[3] != w[4] for w in sess.writes)  # every event changes what the player sees
    # only a cut in the first write (over a blank NVM or another program's data) says
    # something, and after adopt() the first write into copy B, which held that data
    said = set(k for k in counts if k.startswith("messages after"))
    assert said == ({"messages after write 0", "messages after write 1"} if size == 8192 else
                    {"messages after write 0"}), said


@pytest.mark.parametrize("size", [8192, 4096])
def test_flash_cut_at_every_page_is_never_silently_wrong(quick_crc, size):
    counts, firsts, sess = sweep(size, "flash", adopt=size == 4096)
    assert counts["crashed"] == 0 and counts["silent"] == 0, firsts
    assert sum(counts[k] for k in ("old", "new", "reported")) == len(sess.writes) * (size // PAGE + 1)


@pytest.mark.parametrize("size", [8192, 4096])
def test_flash_cut_after_the_first_copy_is_programmed_costs_nothing(quick_crc, size):
    # pages programmed first hold copy A whole: from the first page past it on, a cut gives
    # back the old or the new state with no message
    sess = script(Session(size, seed=5))
    copy_pages = (Store(bytearray(size)).size + PAGE - 1) // PAGE
    for before, write, after, old, new in sess.writes:
        for p, img in cut_images(before, write, after, "flash"):
            what, msgs = outcome(img, old, new)
            if p >= copy_pages:
                assert what in ("old", "new") and msgs == [], (write[0], p, msgs)
            elif p == 0:
                assert what != "silent" and any("blank" in m for m in msgs)


def test_flash_cut_right_after_the_erase_says_the_save_memory_is_blank(quick_crc):
    # (as a first start does: the whole NVM is one flash block, so no store can tell them apart;
    # the app greets the player and says there are no saved games)
    sess = script(Session(8192, seed=9))
    before, write, after, old, new = sess.writes[5]
    _, img = next(cut_images(before, write, after, "flash"))
    s, msgs = opened(img)
    assert msgs == ["Save memory is blank: no saved games yet."]
    assert s.saving and s.stats(*TERRACE) == (0,) * 7 and old[0] and old[0][0][0] == TERRACE


@pytest.mark.parametrize("model", ["byte", "flash"])
def test_256_byte_layout_is_never_silently_wrong_and_a_cut_loses_at_most_what_it_reports(quick_crc, model):
    # one copy: a cut mid-write can't give back the old state whole, but it is always reported
    counts, firsts, sess = sweep(256, model, converge_every=1)
    assert counts["crashed"] == 0 and counts["silent"] == 0, firsts
    assert counts["old"] > 0 and counts["new"] > 0
    if model == "byte":
        # a cut in the head keeps the old state, one in the tail (or just before it) the new
        for before, write, after, old, new in sess.writes:
            imgs = list(cut_images(before, write, after, "byte"))
            assert all(outcome(img, old, new)[0] == "old" for k, img in imgs[:10])
            assert all(outcome(img, old, new)[0] == "new" for k, img in imgs[-11:])
