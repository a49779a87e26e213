"""A sentence's dependency parse, as spaCy's model computed it, carried from the mention stage to the fact stage.

The model parses each article once (spark_etl/mentions.py); the fact stage reads relations from the parse of each
sentence that names someone. Between the two stages a parse travels as text in a row: one token a line,
offsets from the sentence's start, the head as the index of a token of the same sentence.

>>> ann, signed = (0, 3, "Ann", "Ann", "PROPN", "nsubj", 1), (4, 10, "signed", "sign", "VERB", "ROOT", 1)
>>> tokens = decode(encode_tokens([ann, signed]), 100)
>>> tokens[0].start, tokens[0].head, tokens[1].lemma
(100, 1, 'sign')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

_FIELDS = "\t"
_TOKENS = "\n"


@dataclass(frozen=True)
class Token:
    i: int  # index in the sentence
    start: int  # offsets in the article
    end: int
    text: str
    lemma: str
    pos: str
    dep: str
    head: int  # index of the head in the sentence; the root is its own head


def encode_tokens(tokens: Iterable[tuple[int, int, str, str, str, str, int]]) -> str:
    """(start, end, text, lemma, pos, dep, head index) of each token, offsets from the sentence's start."""
    return _TOKENS.join(_FIELDS.join(map(str, t)) for t in tokens)


def encode_span(doc: Any, start: int, end: int) -> str | None:
    """The parse of the characters [start, end) of a spaCy Doc, as text; None when no token lies there.

    A head outside the span (the model's sentences and the sentencizer's can differ) makes its token a root."""
    tokens = [t for t in doc if start <= t.idx and t.idx + len(t.text) <= end and not t.is_space]
    if not tokens:
        return None
    index = {t.i: n for n, t in enumerate(tokens)}
    return encode_tokens((t.idx - start, t.idx - start + len(t.text), _clean(t.text), _clean(t.lemma_), t.pos_,
                          t.dep_, index.get(t.head.i, n)) for n, t in enumerate(tokens))


def _clean(text: str) -> str:
    return text.replace("\t", " ").replace("\n", " ")


def decode(encoded: str, sentence_start: int) -> list[Token]:
    """The tokens of an encoded parse, with offsets in the article."""
    tokens = []
    for n, line in enumerate(encoded.split(_TOKENS)):
        start, end, text, lemma, pos, dep, head = line.split(_FIELDS)
        tokens.append(Token(n, sentence_start + int(start), sentence_start + int(end), text, lemma, pos, dep,
                            int(head)))
    return tokens


@lru_cache(maxsize=64)
def parsed(encoded: str, sentence_start: int) -> Parse:
    """The Parse of an encoded sentence, decoded once: the fact stage reads each sentence's parse twice (its
    own facts, then the posts the article implies). A Parse is never changed after it is made."""
    return Parse(_repaired(decode(encoded, sentence_start)))


def _repaired(tokens: list[Token]) -> list[Token]:
    """The tokens with five slips of the small model mended:

    - a preposition it reads as a verb's dative is a preposition ("plays third base for Kenosha");
    - a noun it coordinates with a verb, with a verb of its own hung on it after it, is that verb's subject, and
      that verb the first one's conjunct ("Moniak's father, Matt, played at Cal State, and his grandfather, Bill
      Moniak, played in the Red Sox farm system");
    - a name it coordinates with a verb that has an object before it is that object's conjunct ("managed the Carp
      from 1968 to 1972 and the Lions from 1978 to 1981");
    - a list after a colon that it makes the sentence's root, above the verb before the colon, is the apposition of
      the noun before the colon, and that verb the root ("got Crochet from the White Sox for four prospects:
      catcher Kyle Teel, outfielder Braden Montgomery and ...");
    - a verb it hangs as a participle on the name that is the sentence's root, after a relative clause on the name
      set off by commas, is the sentence's verb and the name its subject ("Luke Easter, who played for the Grays
      in 1947, signed with the Cleveland Indians the next year"); so is one it hangs on a noun of that clause ("Bob
      Horner, who could not find a club willing to pay him, signed with the Yakult Swallows").
    """
    objects = {t.head: t for t in tokens if t.dep == "dobj" and t.head != t.i}
    mended = []
    for t in tokens:
        verb = tokens[t.head]
        if t.dep == "dative" and t.pos == "ADP":
            t = replace(t, dep="prep")
        elif t.dep == "conj" and t.pos in ("PROPN", "NOUN") and verb.pos == "VERB" and verb.i in objects \
                and objects[verb.i].pos in ("PROPN", "NOUN") and objects[verb.i].i < t.i:
            t = replace(t, head=objects[verb.i].i)
        mended.append(t)
    for noun in [t for t in mended if t.dep == "conj" and t.pos in ("NOUN", "PROPN")
                 and mended[t.head].pos == "VERB" and mended[t.head].i < t.i]:
        own = next((t for t in mended if t.head == noun.i and t.dep == "acl" and t.pos == "VERB" and t.i > noun.i),
                   None)
        if own is not None:
            mended[own.i] = replace(own, dep="conj", head=noun.head)
            mended[noun.i] = replace(noun, dep="nsubj", head=own.i)
    for root in [t for t in mended if t.dep == "ROOT" and t.pos == "PROPN"]:
        colon = next((t for t in mended if t.text == ":" and t.head == root.i and t.i < root.i), None)
        reported = next((t for t in mended if colon is not None and t.dep == "ccomp" and t.head == root.i
                         and t.pos == "VERB" and t.i < colon.i), None)
        if colon is not None and reported is not None and mended[colon.i - 1].pos == "NOUN":
            # The list after a colon, which the model makes the sentence's root, is the apposition of the noun
            # before the colon ("got Crochet from the White Sox for four prospects: catcher Kyle Teel, ...").
            mended = [replace(t, dep="ROOT", head=t.i) if t.i == reported.i else
                      replace(t, dep="appos", head=colon.i - 1) if t.i == root.i else
                      replace(t, head=reported.i) if t.head == root.i and t.i != root.i and (
                          t.i < root.i and t.dep == "punct" or t.i == len(mended) - 1 and t.dep == "punct") else t
                      for t in mended]
            continue
        clauses = [t for t in mended if t.head == root.i and t.dep == "relcl"]
        participle = next((t for t in mended if t.dep == "acl" and t.pos == "VERB" and clauses
                           and t.i > clauses[0].i and mended[t.i - 1].text == ","
                           and (t.head == root.i or _descends(mended, t, clauses[0]))), None)
        if participle is None:
            continue
        main = participle.i
        after = {t.i for t in mended if t.head == root.i and t.i > main}  # the full stop
        mended = [replace(t, dep="ROOT", head=t.i) if t.i == main else
                  replace(t, dep="nsubj", head=main) if t.i == root.i else
                  replace(t, head=main) if t.i in after else t for t in mended]
    return mended


def _descends(tokens: list[Token], token: Token, ancestor: Token) -> bool:
    """Whether `ancestor` is among the heads of `token`, up to the root."""
    seen = {token.i}
    while token.head not in seen:
        seen.add(token.head)
        token = tokens[token.head]
        if token.i == ancestor.i:
            return True
    return False


class Parse:
    """A decoded sentence parse with the walks the relation rules need."""

    def __init__(self, tokens: Sequence[Token]) -> None:
        self.tokens = list(tokens)
        self._children: dict[int, list[Token]] = {}
        for t in self.tokens:
            if t.head != t.i:
                self._children.setdefault(t.head, []).append(t)

    def text(self) -> str:
        """The sentence's words, one space apart."""
        return " ".join(t.text for t in self.tokens)

    def children(self, token: Token, *deps: str) -> list[Token]:
        return [c for c in self._children.get(token.i, []) if not deps or c.dep in deps]

    def head(self, token: Token) -> Token | None:
        return None if token.head == token.i else self.tokens[token.head]

    def name_head(self, token: Token) -> Token:
        """The last word of the name a token is part of ("Dodgers" of "Los Angeles Dodgers"), up its compounds."""
        while token.dep in ("compound", "flat") and (up := self.head(token)) is not None:
            token = up
        return token

    def ancestors(self, token: Token) -> list[Token]:
        """The token's heads up to the root, nearest first."""
        found: list[Token] = []
        current = self.head(token)
        while current is not None and current not in found:
            found.append(current)
            current = self.head(current)
        return found

    def common_head(self, a: Token, b: Token) -> Token | None:
        """The lowest token both `a` and `b` are (or are under)."""
        up_b = [b, *self.ancestors(b)]
        return next((t for t in [a, *self.ancestors(a)] if t in up_b), None)

    def path(self, a: Token, b: Token) -> list[Token]:
        """The tokens from `a` up to the lowest head it shares with `b` and down to `b`, both ends included."""
        up_a, up_b = [a, *self.ancestors(a)], [b, *self.ancestors(b)]
        common = next((t for t in up_a if t in up_b), None)
        if common is None:
            return up_a + up_b
        return up_a[: up_a.index(common) + 1] + list(reversed(up_b[: up_b.index(common)]))

    def subtree(self, token: Token) -> list[Token]:
        """The token and every word under it, in the sentence's order."""
        found, seen = [token], {token.i}
        for t in found:
            below = [c for c in self._children.get(t.i, []) if c.i not in seen]
            seen.update(c.i for c in below)
            found += below
        return sorted(found, key=lambda t: t.i)

    def span_of(self, token: Token) -> set[int]:
        """The indexes of the token and of the words under it, but not of a club owning it or a clause hung on it:
        "hitting coach" of "as hitting coach", "broadcast team" of "the Astros' broadcast team"."""
        found = {token.i}
        todo = [token]
        while todo:
            for child in self.children(todo.pop(), "compound", "amod", "nmod", "det"):
                found.add(child.i)
                todo.append(child)
        return found

    def words_of(self, token: Token) -> str:
        """The words of span_of, in order, joined by spaces: "hitting coach"."""
        return " ".join(t.text for t in self.tokens if t.i in self.span_of(token))

    def conjuncts(self, token: Token) -> list[Token]:
        """The token and the tokens coordinated with it: "Ruiz and Beck", "Ruiz, Beck and Dunn"."""
        found = [token]
        for t in found:
            found += [c for c in self.children(t, "conj", "appos") if c not in found]
        return found

    def covering(self, start: int, end: int) -> Token | None:
        """The head token of the characters [start, end): the one token inside whose head lies outside."""
        inside = [t for t in self.tokens if start <= t.start and t.end <= end]
        outer = [t for t in inside if not (start <= self.tokens[t.head].start and self.tokens[t.head].end <= end)
                 or t.head == t.i]
        return (outer or inside)[0] if inside else None
