"""The exporter checks every folder it writes against the engine by default (issue 52 C1): a model
whose forward() computes something the modules do not show is refused, and nothing is written;
skipping the check is an explicit choice that is printed.

    /usr/bin/python3 -m unittest discover -s tests/python -v     (needs build/native/attnlab or ATTNLAB_CLI)
"""

import contextlib
import io
import math
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import attnlab_torch as at  # noqa: E402
import export_pytorch as ex  # noqa: E402
from export_selfcheck import UserLM, words  # noqa: E402

torch, nn = at.torch, at.nn


class ScaledEmbeddingLM(UserLM):
    """The Annotated Transformer's habit: the embedding multiplied by sqrt(d_model)."""

    def forward(self, ids):
        x = self.tok(ids)[None] * math.sqrt(self.tok.embedding_dim) + self.pe[:len(ids)]
        return self.lm_head(self.encoder(x, mask=at.causal_mask(len(ids))))[0]


class TanhHeadLM(UserLM):
    """A tanh between the encoder and the head, which no module attribute shows."""

    def forward(self, ids):
        x = self.tok(ids)[None] + self.pe[:len(ids)]
        return self.lm_head(torch.tanh(self.encoder(x, mask=at.causal_mask(len(ids)))))[0]


def fresh(cls, seed=3):
    torch.manual_seed(seed)
    return cls()


class ExportChecksByDefault(unittest.TestCase):
    def setUp(self):
        if ex.cli_path() is None:
            self.fail("no attnlab binary: build it (cmake --build build/native) or set ATTNLAB_CLI")
        self.tmp = tempfile.TemporaryDirectory()
        self.folder = os.path.join(self.tmp.name, "model")

    def tearDown(self):
        self.tmp.cleanup()

    def refused(self, module, **kw):
        with self.assertRaises(ex.ExportError) as caught:
            ex.export(module, self.folder, words(23), **kw)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "config.json")),
                         "a refused export must leave no folder behind that would load")
        return str(caught.exception)

    def test_embedding_times_sqrt_d_model_is_refused(self):
        why = self.refused(fresh(ScaledEmbeddingLM), causal=True)
        self.assertIn("differ", why)
        self.assertIn("sqrt(d_model)", why)

    def test_causal_false_on_a_causal_model_is_refused(self):
        why = self.refused(fresh(UserLM), causal=False)
        self.assertIn("differ", why)
        self.assertIn("causal=True", why)

    def test_tanh_before_the_head_is_refused(self):
        why = self.refused(fresh(TanhHeadLM), causal=True)
        self.assertIn("differ", why)

    def test_a_faithful_model_is_checked_and_written(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            ex.export(fresh(UserLM), self.folder, words(23), causal=True)
        self.assertTrue(os.path.exists(os.path.join(self.folder, "model.safetensors")))
        self.assertNotIn("NOT checked", err.getvalue())

    def test_skipping_the_check_is_explicit_and_printed(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            ex.export(fresh(TanhHeadLM), self.folder, words(23), causal=True, check=False)
        self.assertTrue(os.path.exists(os.path.join(self.folder, "model.safetensors")))
        self.assertIn("NOT checked", err.getvalue())


if __name__ == "__main__":
    unittest.main()
