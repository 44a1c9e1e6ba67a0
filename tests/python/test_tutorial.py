"""The bring-your-own-model tutorial (docs/byom-tutorial.md) as a reader meets it (issue 52 C5): its
"in your own code" snippet runs as written from any folder; scripts/byom_example.py refuses to skip
the PyTorch-vs-engine check silently and gives its card an example of its own words; export() gives
the module back in the mode it was in.

    /usr/bin/python3 -m unittest discover -s tests/python -v     (needs build/native/attnlab or ATTNLAB_CLI)
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts"))
import byom_example  # noqa: E402
import export_pytorch as ex  # noqa: E402


def snippet():
    """The tutorial's ```python block that follows "In your own code"."""
    text = open(os.path.join(REPO, "docs", "byom-tutorial.md"), encoding="utf-8").read()
    at = text.index("In your own code")
    m = re.compile(r"```python\n(.*?)```", re.S).search(text, at)
    return m.group(1)


def run(args, cwd, env_extra):
    env = {**os.environ, **env_extra}
    return subprocess.run(["/usr/bin/python3", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


class Tutorial(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_snippet_runs_as_written_from_another_folder(self):
        if ex.cli_path() is None:
            self.fail("no attnlab binary: build it (cmake --build build/native) or set ATTNLAB_CLI")
        with open(os.path.join(self.tmp.name, "mine.py"), "w") as f:
            f.write(snippet())
        r = run(["mine.py"], self.tmp.name, {"ATTNLAB": REPO, "ATTNLAB_CLI": ex.cli_path()})
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.tmp.name, "my-model", "card.json")) as f:
            card = json.load(f)
        self.assertIn("attnlab forward matches PyTorch", card["export_check"])

    def test_byom_example_without_an_engine_stops_and_says_so(self):
        out = os.path.join(self.tmp.name, "m")
        script = os.path.join(REPO, "scripts", "byom_example.py")
        r = run([script, "--out", out, "--seconds", "0.2"], self.tmp.name, {"ATTNLAB_CLI": "/nonexistent/attnlab"})
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no attnlab binary", r.stderr)
        self.assertIn("--no-check", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(out, "config.json")))
        # Told to skip: written, and said to be unchecked.
        r = run([script, "--out", out, "--seconds", "0.2", "--no-check"], self.tmp.name,
                {"ATTNLAB_CLI": "/nonexistent/attnlab"})
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("NOT checked", r.stderr + r.stdout)
        with open(os.path.join(out, "card.json")) as f:
            card = json.load(f)
        # The card's example: a sentence of the model's own words (the page types it; none unknown).
        self.assertTrue(card["example"])
        ids = byom_example.encode(byom_example.VOCAB, card["example"])
        self.assertNotIn(0, ids, "every word of the example is in the vocabulary (id 0 is <unk>)")

    def test_export_gives_the_module_back_in_its_mode(self):
        if ex.cli_path() is None:
            self.fail("no attnlab binary")
        for training in (True, False):
            model = byom_example.TinyLM(len(byom_example.VOCAB)).train(training)
            ex.export(model, os.path.join(self.tmp.name, f"m{training}"), byom_example.VOCAB, causal=True)
            self.assertEqual(model.training, training)


if __name__ == "__main__":
    unittest.main()
