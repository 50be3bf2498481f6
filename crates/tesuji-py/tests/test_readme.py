"""The ten-line examples of the READMEs run and print what their comments say."""

import contextlib
import io
import os
import re

import pytest

from conftest import CRATE, REPO


@pytest.mark.parametrize("readme", [REPO / "README.md", CRATE / "README.md"], ids=["root", "crate"])
def test_ten_line_example(readme):
    blocks = re.findall(r"```python\n(import tesuji\n.*?)```", readme.read_text(), re.S)
    assert blocks, f"no example in {readme}"
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 11
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(readme), "exec"), {})
    finally:
        os.chdir(cwd)
    lines = out.getvalue().splitlines()
    assert lines[0] == "(19, 19) (1, 16, 19, 19)"
    assert lines[1] == "win ['F6', 'G7', 'E8'] True"
    assert lines[2:] == ["White to play: White can live (unconditionally)"] * 4
