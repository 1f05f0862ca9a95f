"""The worked deals of the seeds as data, shared by every test that replays them.

Hands and stocks are keyword arguments for ``pq.new_deal``; the action lists are in
their text form, in the order the books tell them.
"""

from __future__ import annotations

SEED_002 = {  # Britannica 9th ed. (Cavendish): A elder, B younger; 28 to 23
    "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    "younger": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    "stock": "9S 8S KH 9C KD QS AC 7D",
}
SEED_002_EXCHANGE = ["discard KS 8C 7C 9D 8D", "discard 7S 9H 7H"]
SEED_002_DECLARATIONS = [
    "call point AH KH QH JH 8H",  # "five cards" ... "forty-nine"
    "good point",
    "call sequence AH KH QH JH",  # "a quart major, nine"
    "good sequence",
    "call set JS JH JC",  # "three knaves?"
    "call set 10S 10H 10D 10C",  # "not good": four tens, fourteen
    "reckon set QS QD QC",  # "and three queens, seventeen"
]
SEED_002_PLAY = [
    "play AH", "play 10H",
    "play KH", "play 7D",
    "play QH", "play 10D",
    "play JH", "play JD",
    "play 8H", "play QD",
    "play KD", "play AD",
    "play AC", "play JC",
    "play KC", "play 9C",
    "play QC", "play 9S",
    "play 10C", "play 8S",
    "play QS", "play AS",
    "play JS", "play 10S",
]  # fmt: skip

SEED_000 = {  # Hoyle's Games Modernized: 43 to 23
    "elder": "9S 7S AH 9H 8H JC 10C 7C JD 10D 9D 8D",
    "younger": "QS 10S 8S QH JH 7H AC KC QC 8C KD QD",
    "stock": "AD 9C 7D AS KH KS 10H JS",
}
SEED_000_EXCHANGE = ["discard 9S 7S 9H 8H 7C", "discard 10S 8S 7H"]
SEED_000_DECLARATIONS = [
    "call point AD JD 10D 9D 8D 7D",  # "my point is 6"
    "good point",
    "call sequence JD 10D 9D 8D 7D",  # "quint to the knave"
    "good sequence",
    "reckon sequence JC 10C 9C",  # "a tierce to another knave"
    "call set AS AH AD",  # "three aces"
    "call set QS QH QD QC",  # "not good"
    "reckon set KS KD KC",  # "14 for four queens, 3 for three kings"
]
SEED_000_PLAY = [
    "play AD", "play QD",
    "play 7D", "play KD",
    "play AC", "play JC",
    "play KC", "play 10C",
    "play QC", "play 9C",
    "play 8C", "play KH",
    "play KS", "play AS",
    "play JD", "play JS",
    "play 10D", "play QS",
    "play 9D", "play JH",
    "play 8D", "play QH",
    "play AH", "play 10H",
]  # fmt: skip

MAXIMUM_170 = {  # seed 000: four major tierces against three cards of each suit
    "elder": "AS KS QS AH KH QH AD KD QD AC KC 7C",
    "younger": "JS 10S 9S 8S JH 10H 9H JD 10D 9D JC 10C",
    "stock": "QC 9C 8C 7S 7H 8H 7D 8D",
}
MAXIMUM_170_HAND = [
    "discard 7C",
    "discard 8S",
    "leave unseen",
    "call point AS KS QS",
    "good point",
    "call sequence AS KS QS",
    "good sequence",
    "reckon sequence AH KH QH AD KD QD AC KC QC",
    "call set AS AH AD AC",
    "good set",
    "reckon set KS KH KD KC QS QH QD QC",
]
