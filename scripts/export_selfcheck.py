"""`export_pytorch.py --self-check`: every architecture exported from a small random PyTorch module
and read back by `attnlab forward` (logits within 1e-5), and every unsupported option refused with
an ExportError that names it."""

import os
import tempfile

import attnlab_torch as at
import export_pytorch as ex

torch, nn = at.torch, at.nn
TOL = 1e-5


def words(n):
    return ["<unk>"] + [f"w{i}" for i in range(1, n)]


class UserLM(nn.Module):
    """A user's own causal LM around a standard nn.TransformerEncoder, with the common "pe" buffer."""

    def __init__(self, V=23, D=8, H=2, L=2, norm_first=False, eps=1e-5, final_norm=True, max_len=40, pe=None):
        super().__init__()
        self.tok = nn.Embedding(V, D)
        self.register_buffer("pe", at.sinusoid(max_len, D) if pe is None else pe)
        layer = nn.TransformerEncoderLayer(D, H, 11, dropout=0.1, layer_norm_eps=eps, batch_first=True,
                                           norm_first=norm_first)
        self.encoder = nn.TransformerEncoder(layer, L, norm=nn.LayerNorm(D, eps=eps) if final_norm else None,
                                             enable_nested_tensor=False)
        self.lm_head = nn.Linear(D, V)

    def forward(self, ids):
        x = self.tok(ids)[None] + self.pe[:len(ids)]
        return self.lm_head(self.encoder(x, mask=at.causal_mask(len(ids))))[0]


class UserRnnLM(nn.Module):
    def __init__(self, rnn, V=19):
        super().__init__()
        self.emb = nn.Embedding(V, rnn.input_size)
        self.body = rnn
        self.out = nn.Linear(rnn.hidden_size, V)

    def forward(self, ids):
        return self.out(self.body(self.emb(ids)[None])[0][0])


def compare(name, module, folder, ids=None, text=None, target=None, want=None, **kw):
    V = kw.pop("vocab", None)
    with torch.no_grad():
        ex.export(module, folder, words(V), {"description": f"self-check: {name}"}, **kw)
        got = ex.engine_logits(ex.engine_forward(folder, ids=ids, text=text, target=target))
        want = module(torch.tensor(ids)) if want is None else want
    diff = (got - want).abs().max().item()
    return diff


def refusal(name, make, needle, **kw):
    with tempfile.TemporaryDirectory() as d:
        try:
            ex.export(make(), d, words(kw.pop("vocab", 23)), **kw)
        except ex.ExportError as e:
            ok = needle in str(e)
            print(f"  {'ok ' if ok else 'BAD'} refused {name}: {e}")
            return ok
    print(f"  BAD {name} was exported; expected a refusal naming {needle!r}")
    return False


def run():
    if ex.cli_path() is None:
        print("no attnlab binary: build it first (cmake --preset native && cmake --build build/native)")
        return 1
    torch.manual_seed(7)
    ok = True
    ids = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    print(f"PyTorch {torch.__version__}, engine {ex.cli_path()}: exported models against attnlab forward")
    cases = [
        ("transformer post-norm relu causal", at.TransformerLM(23, 8, 2, 2, 11, causal=True), {}),
        ("transformer pre-norm (norm_first) gelu mlm", at.TransformerLM(23, 8, 4, 2, 9, causal=False,
                                                                         activation="gelu", norm_first=True), {}),
        ("transformer layer_norm_eps=1e-3 + final norm", at.TransformerLM(23, 8, 2, 1, 7, layer_norm_eps=1e-3,
                                                                           final_norm=True, positional="none"), {}),
        ("rnn_lm nn.RNN(nonlinearity='relu')", at.RnnLM(23, 5, 7, "rnn", "relu"), {}),
        ("rnn_lm nn.LSTM", at.RnnLM(23, 5, 7, "lstm"), {}),
        ("rnn_lm nn.GRU", at.RnnLM(23, 5, 7, "gru"), {}),
        ("rnn_self_attention variant c, additive", at.RnnSelfAttentionLM(23, 5, 7, 6, "c", "additive"), {}),
        ("rnn_self_attention variant ch, dot", at.RnnSelfAttentionLM(23, 5, 7, 6, "ch", "dot"), {}),
        ("user LM: nn.TransformerEncoder(norm=LayerNorm) + pe buffer", UserLM(), {"causal": True}),
        ("user LM: pre-norm, eps 1e-4, no final norm", UserLM(norm_first=True, eps=1e-4, final_norm=False),
         {"causal": True}),
        ("user RNN LM: nn.LSTM under other names", UserRnnLM(nn.LSTM(6, 9, batch_first=True)), {}),
        ("user RNN LM: nn.RNN relu, bias=False", UserRnnLM(nn.RNN(6, 9, nonlinearity="relu", bias=False, batch_first=True)), {}),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, module, kw) in enumerate(cases):
            V = module.embedding.num_embeddings if hasattr(module, "embedding") else (
                module.tok.num_embeddings if hasattr(module, "tok") else module.emb.num_embeddings)
            diff = compare(name, module.eval(), os.path.join(tmp, str(i)), ids=ids, vocab=V, **kw)
            good = diff <= TOL
            ok &= good
            print(f"  {'ok ' if good else 'BAD'} {name}: max |logits diff| {diff:.2e}")
        for attention, nl in (("additive", "tanh"), ("dot", "relu"), ("scaled_dot", "tanh"), ("none", "tanh")):
            tv = ["<bos>", "<eos>", "<unk>", "la", "le", "chat", "voit"]
            m = at.Seq2Seq(23, tv, 5, 7, attention, 6, nl).eval()
            target = ["le", "chat", "voit", "la"]
            ty = torch.tensor([tv.index(w) for w in target] + [1])
            with torch.no_grad():
                want = m(torch.tensor([3, 5, 1, 7]), ty)
            diff = compare(f"seq2seq {attention} {nl}", m, os.path.join(tmp, f"s2s-{attention}"), text="w3 w5 w1 w7",
                           target=" ".join(target), want=want, vocab=23)
            good = diff <= TOL
            ok &= good
            print(f"  {'ok ' if good else 'BAD'} seq2seq attention={attention} nonlinearity={nl}: max |logits diff| {diff:.2e}")

    print("options the engine does not compute, refused by name:")
    ok &= refusal("nn.LSTM(num_layers=2)", lambda: UserRnnLM(nn.LSTM(6, 9, num_layers=2)), "num_layers=2")
    ok &= refusal("nn.GRU(bidirectional=True)", lambda: UserRnnLM(nn.GRU(6, 9, bidirectional=True)), "bidirectional")
    ok &= refusal("nn.LSTM(proj_size=4)", lambda: UserRnnLM(nn.LSTM(6, 9, proj_size=4)), "proj_size")
    ok &= refusal("nn.RNN in a model without a head", lambda: nn.Sequential(nn.Embedding(23, 6), nn.RNN(6, 9)),
                  "output head")

    def gelu_tanh():
        m = UserLM()
        for layer in m.encoder.layers:
            layer.activation = nn.GELU(approximate="tanh")
        return m
    ok &= refusal("activation GELU(approximate='tanh')", gelu_tanh, "activation", causal=True)
    ok &= refusal("causal not given", UserLM, "causal")
    ok &= refusal("a pe buffer that is not the sinusoid", lambda: UserLM(pe=torch.randn(40, 8)), "sinusoid",
                  causal=True)

    def learned_positions():
        m = UserLM()
        m.pos = nn.Embedding(40, 8)
        return m
    ok &= refusal("a learned positional embedding", learned_positions, "learned positional embedding", causal=True)
    ok &= refusal("d_model=256", lambda: UserLM(D=256, H=2), "d_model=256", causal=True)
    ok &= refusal("a tokenizer of the wrong size", UserLM, "tokenizer", causal=True, vocab=5)
    print("self-check " + ("passed" if ok else "FAILED"))
    return 0 if ok else 1
