"""The exporter's refusals name the real cause and what to do, on the first try (issue 52 C2).

    /usr/bin/python3 -m unittest discover -s tests/python -v     (needs build/native/attnlab or ATTNLAB_CLI)
"""

import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import attnlab_torch as at  # noqa: E402
import export_pytorch as ex  # noqa: E402
from export_selfcheck import UserLM, words  # noqa: E402

torch, nn = at.torch, at.nn


class LearnedPositionsLM(UserLM):
    """Token and position embeddings, as GPT-2 does: the engine computes no learned positions."""

    def __init__(self):
        super().__init__()
        del self.pe
        self.pos = nn.Embedding(40, 8)

    def forward(self, ids):
        x = self.tok(ids)[None] + self.pos(torch.arange(len(ids)))
        return self.lm_head(self.encoder(x, mask=at.causal_mask(len(ids))))[0]


class RenamedSinusoidLM(UserLM):
    """The engine's sinusoid, registered under another name than "pe"."""

    def __init__(self, table=None):
        super().__init__()
        del self.pe
        self.register_buffer("pos_table", at.sinusoid(40, 8) if table is None else table)

    def forward(self, ids):
        x = self.tok(ids)[None] + self.pos_table[:len(ids)]
        return self.lm_head(self.encoder(x, mask=at.causal_mask(len(ids))))[0]


class MySeq2Seq(nn.Module):
    """A user's own encoder-decoder (not scripts/attnlab_torch.py's Seq2Seq)."""

    def __init__(self):
        super().__init__()
        self.src_emb = nn.Embedding(23, 6)
        self.tgt_words = nn.Embedding(11, 6)
        self.encoder = nn.RNN(6, 9, batch_first=True)
        self.decoder = nn.RNN(6, 9, batch_first=True)
        self.out = nn.Linear(9, 11)


class MaskBufferLM(UserLM):
    """A causal mask registered as a buffer, a common habit."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mask", at.causal_mask(40))

    def forward(self, ids):
        x = self.tok(ids)[None] + self.pe[:len(ids)]
        return self.lm_head(self.encoder(x, mask=self.mask[:len(ids), :len(ids)]))[0]


class ClassifierLM(UserLM):
    """A language model with a classifier beside its output layer."""

    def __init__(self):
        super().__init__()
        self.cls = nn.Linear(8, 2)


def fresh(make, seed=5):
    torch.manual_seed(seed)
    return make()


class ExportMessages(unittest.TestCase):
    def setUp(self):
        if ex.cli_path() is None:
            self.fail("no attnlab binary: build it (cmake --build build/native) or set ATTNLAB_CLI")
        self.tmp = tempfile.TemporaryDirectory()
        self.folder = os.path.join(self.tmp.name, "model")

    def tearDown(self):
        self.tmp.cleanup()

    def refusal(self, module, vocab=23, **kw):
        with self.assertRaises(ex.ExportError) as caught:
            ex.export(module, self.folder, words(vocab), **kw)
        self.assertFalse(os.path.exists(os.path.join(self.folder, "config.json")))
        return str(caught.exception)

    def test_learned_positions_are_named_on_the_first_try(self):
        why = self.refusal(fresh(LearnedPositionsLM), causal=True)
        self.assertIn("pos", why)
        self.assertIn("learned positional embedding", why)
        self.assertIn("sinusoid", why)  # what the engine computes instead
        self.assertNotIn("name it", why)

    def test_a_sinusoid_buffer_under_another_name_is_read_as_the_positions(self):
        config = ex.export(fresh(RenamedSinusoidLM), self.folder, words(23), causal=True)
        self.assertEqual(config["positional"], "sinusoidal")

    def test_a_buffer_that_is_not_the_sinusoid_is_not_called_a_learned_embedding(self):
        why = self.refusal(fresh(lambda: RenamedSinusoidLM(torch.randn(40, 8))), causal=True,
                           positional="sinusoidal")
        self.assertIn("pos_table", why)
        self.assertNotIn("learned positional embedding", why)
        self.assertIn("sinusoid", why)

    def test_a_causal_mask_buffer_is_read_as_causal(self):
        config = ex.export(fresh(MaskBufferLM), self.folder, words(23), causal=True)
        self.assertTrue(config["causal"])
        shutil.rmtree(self.folder)
        why = self.refusal(fresh(MaskBufferLM), causal=False)
        self.assertIn("causal mask", why)
        self.assertIn("causal=True", why)

    def test_a_users_own_seq2seq_is_told_what_to_do(self):
        first = self.refusal(fresh(MySeq2Seq))
        self.assertIn("sequence-to-sequence", first)
        self.assertIn("attnlab_torch.Seq2Seq", first)
        named = self.refusal(fresh(MySeq2Seq), embedding="src_emb", rnn="encoder", head="out")
        self.assertIn("sequence-to-sequence", named)
        self.assertNotIn("an extra layer?", named)

    def test_a_head_that_does_not_write_the_vocabulary_is_refused_before_writing(self):
        why = self.refusal(fresh(ClassifierLM), causal=True, head="cls")
        self.assertIn("cls", why)
        self.assertIn("nn.Linear(8, 23)", why)

    def test_logits_computed_in_train_mode_are_blamed_on_dropout(self):
        model = fresh(UserLM)  # dropout=0.1, left in train mode
        model.train()
        text, ids = "w3 w5 w1 w7 w2 w9", [3, 5, 1, 7, 2, 9]
        logits = model(torch.tensor(ids))  # computed in train mode: dropout is on
        why = self.refusal(model, causal=True, check=(text, logits))
        self.assertIn("dropout", why)
        self.assertIn("model.eval()", why)
        self.assertNotIn("sqrt(d_model)", why)
        self.assertTrue(model.training, "export() gives the module back in the mode it was in")


if __name__ == "__main__":
    unittest.main()
