#!/usr/bin/env python3
"""Writes Fixtures/wordnet-fidelity: a few synsets modelled on WordNet 3.0's, in the layout of
its database files (wndb(5), cntlist(5)), with real byte offsets, sorted index files and a
sorted cntlist.rev, so that WordNet's own `wn` reads the folder as it reads /usr/share/wordnet
(`WNSEARCHDIR=Fixtures/wordnet-fidelity wn dog -over`). Every pointer symbol of WordNet 3.0
stands in it at least once. Run it from anywhere; it replaces the folder's database files."""
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wordnet-fidelity")
HEADER = [
    "This is not WordNet: synsets written by hand for wordlink's tests after WordNet 3.0's,",
    "in the format of the WordNet database files (wndb(5)), with a header like theirs.",
    "",
    "The format is that of WordNet 3.0 Copyright 2006 by Princeton University.",
    "These lines may be used for any purpose, without fee.",
    "",
]
FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}

# key: (part letter of the file, lex_filenum, ss_type, [(word, lex_id, marker)],
#       [(symbol, target key, source word, target word)], [(frame, word)], gloss)
S = {}
def syn(key, part, lexfile, words, pointers=(), frames=(), gloss="", sstype=None):
    S[key] = dict(part=part, lexfile=lexfile, type=sstype or part, words=[w if isinstance(w, tuple) else (w, 0, "") for w in words],
                  pointers=list(pointers), frames=list(frames), gloss=gloss)

# Nouns
syn("entity", "n", 3, ["entity"], [("~", "canine", 0, 0), ("~", "physicist", 0, 0), ("~", "genus", 0, 0),
    ("~", "compound", 0, 0), ("~", "score", 0, 0), ("~", "man", 0, 0)],
    gloss="that which is perceived or known or inferred to have its own distinct existence")
syn("canine", "n", 5, ["canine", "canid"], [("@", "entity", 0, 0), ("~", "dog", 0, 0), ("~", "wolf", 0, 0), ("~", "jackal", 0, 0)],
    gloss="any of various fissiped mammals with nonretractile claws")
syn("dog", "n", 5, ["dog", "domestic_dog", "Canis_familiaris"],
    [("@", "canine", 0, 0), ("~", "puppy", 0, 0), ("#m", "canis", 0, 0), ("%p", "flag", 0, 0), ("+", "chase", 1, 2)],
    gloss='a member of the genus Canis; "the dog barked all night"')
syn("man", "n", 18, ["man"], [("@", "entity", 0, 0), ("~", "dog2", 0, 0)], gloss="an adult person who is male")
syn("dog2", "n", 18, [("dog", 1, "")], [("@", "man", 0, 0)], gloss='informal term for a man; "you lucky dog"')
syn("puppy", "n", 5, ["puppy"], [("@", "dog", 0, 0)], gloss="a young dog")
syn("genus", "n", 3, ["genus"], [("@", "entity", 0, 0), ("~", "canis", 0, 0)], gloss="a taxonomic group")
syn("canis", "n", 14, ["Canis", "genus_Canis"],
    [("@", "genus", 0, 0), ("%m", "dog", 0, 0), ("%m", "wolf", 0, 0), ("%m", "jackal", 0, 0)],
    gloss="type genus of the Canidae: domestic and wild dogs; wolves; jackals")
syn("wolf", "n", 5, ["wolf"], [("@", "canine", 0, 0), ("#m", "canis", 0, 0)], gloss="any of various predatory carnivorous canine mammals")
syn("jackal", "n", 5, ["jackal", "Canis_aureus"], [("@", "canine", 0, 0), ("#m", "canis", 0, 0)],
    gloss="Old World nocturnal canine mammal")
syn("flag", "n", 8, ["flag"], [("#p", "dog", 0, 0)], gloss="a conspicuously marked or shaped tail")
syn("compound", "n", 27, ["compound"], [("@", "entity", 0, 0), ("~", "water", 0, 0)], gloss="a substance formed by chemical union")
syn("water", "n", 27, ["water", "H2O"],
    [("@", "compound", 0, 0), ("#s", "tear", 0, 0), ("#s", "perspiration", 0, 0), ("%s", "hydrogen", 0, 0), ("%s", "oxygen", 0, 0),
     ("+", "water_v", 1, 1)],
    gloss="binary compound that occurs at room temperature as a clear colorless odorless tasteless liquid")
syn("tear", "n", 27, ["tear", "teardrop"], [("%s", "water", 0, 0)], gloss="a drop of the clear salty saline solution secreted by the lacrimal glands")
syn("perspiration", "n", 27, ["perspiration", "sweat"], [("%s", "water", 0, 0)], gloss="salty fluid secreted by sweat glands")
syn("hydrogen", "n", 27, ["hydrogen", "H"], [("#s", "water", 0, 0)], gloss="a nonmetallic univalent element")
syn("oxygen", "n", 27, ["oxygen", "O"], [("#s", "water", 0, 0)], gloss="a nonmetallic bivalent element")
syn("physicist", "n", 18, ["physicist"], [("@", "entity", 0, 0), ("~i", "einstein", 0, 0)], gloss="a scientist trained in physics")
syn("einstein", "n", 18, ["Einstein", "Albert_Einstein"], [("@i", "physicist", 0, 0), ("+", "einsteinian", 1, 1)],
    gloss="physicist born in Germany who formulated the special theory of relativity (1879-1955)")
syn("genius", "n", 18, ["genius", ("Einstein", 1, "")], [("@", "man", 0, 0)],
    gloss="someone who has exceptional intellectual ability and originality")
syn("football", "n", 4, ["American_football", "American_football_game"],
    [("-c", "run_n2", 0, 0), ("-c", "touchdown", 0, 0)], gloss="a game played by two teams of 11 players on a rectangular field")
syn("score", "n", 4, ["score"], [("@", "entity", 0, 0), ("~", "touchdown", 0, 0), ("~", "run_n1", 0, 0)],
    gloss="the act of scoring in a game or sport")
syn("touchdown", "n", 4, ["touchdown"], [("@", "score", 0, 0), (";c", "football", 0, 0)],
    gloss="a score in American football; being in possession of the ball across the opponents' goal line")
syn("run_n1", "n", 4, ["run", "tally"], [("@", "score", 0, 0), ("+", "run_v1", 1, 1)],
    gloss='a score in baseball made by a runner touching all four bases safely; "the Yankees scored 3 runs in the bottom of the 9th"')
syn("run_n2", "n", 4, [("run", 1, "")], [(";c", "football", 0, 0), ("+", "run_v1", 1, 1), ("+", "run_v2", 1, 1)],
    gloss="(American football) a play in which a player attempts to carry the ball through or past the opposing team")
syn("france", "n", 15, ["France", "French_Republic"], [("-r", "apache_dance", 0, 0)], gloss="a republic in western Europe")
syn("apache_dance", "n", 4, ["apache_dance"], [(";r", "france", 0, 0)], gloss="a violent dance performed by a couple")
syn("slang", "n", 10, ["slang", "cant"], [("-u", "dough", 0, 0)], gloss="informal language consisting of words and expressions")
syn("dough", "n", 21, ["dough", "bread"], [(";u", "slang", 0, 0)], gloss="informal terms for money")
syn("weight", "n", 7, ["weight"], [("=", "heavy", 0, 0), ("=", "light", 0, 0)], gloss="the vertical force exerted by a mass")
syn("atom", "n", 17, ["atom"], [("+", "atomic", 1, 1)], gloss="the smallest component of an element")
syn("killer_n1", "n", 18, ["killer", "slayer"], [("+", "kill_v1", 1, 1)], gloss="someone who causes the death of a person or animal")
syn("killer_n2", "n", 11, ["cause_of_death", "killer"], [("+", "kill_v1", 2, 1)], gloss="the cause of death")
syn("kill_n", "n", 4, ["killing", "kill"], [("+", "kill_v1", 2, 1)], gloss="the act of terminating a life")
# Verbs
syn("move", "v", 38, ["move"], [("~", "run_v1", 0, 0), ("~", "chase", 0, 0)], frames=[(1, 0), (2, 0)],
    gloss="change location; move, travel, or proceed")
syn("run_v1", "v", 38, ["run"], [("@", "move", 0, 0), ("$", "run_v2", 0, 0), ("+", "run_n1", 1, 1), ("+", "run_n2", 1, 1)],
    frames=[(2, 0), (22, 0)], gloss='move fast by using one\'s feet; "Don\'t run--you\'ll be out of breath"')
syn("run_v2", "v", 33, [("run", 1, "")], [("$", "run_v1", 0, 0), ("+", "run_n2", 1, 1)], frames=[(22, 0)],
    gloss="compete in a race")
syn("chase", "v", 38, ["chase", "dog"], [("@", "move", 0, 0), ("+", "dog", 2, 1)], frames=[(8, 0), (9, 0)],
    gloss='go after with the intent to catch; "the dog chased the rabbit"')
syn("kill_v1", "v", 35, ["kill"],
    [("@", "end", 0, 0), (">", "die", 0, 0), ("$", "kill_v2", 0, 0), ("^", "kill_off", 0, 0),
     ("+", "killer_n1", 1, 1), ("+", "killer_n2", 1, 2), ("+", "kill_n", 1, 2)],
    frames=[(8, 0), (9, 0), (10, 0)], gloss='cause to die; put to death; "This man killed several people"')
syn("kill_v2", "v", 42, [("kill", 1, "")], [("$", "kill_v1", 0, 0)], frames=[(1, 0)], gloss="be fatal")
syn("kill_off", "v", 35, ["kill_off"], [("^", "kill_v1", 0, 0)], frames=[(8, 0)], gloss="kill in large numbers")
syn("end", "v", 30, ["end", "terminate"], [("~", "kill_v1", 0, 0)], frames=[(8, 0)], gloss="bring to an end")
syn("die", "v", 30, ["die", "decease"], [], frames=[(1, 0), (2, 0), (7, 2)], gloss="pass from physical life")
syn("snore", "v", 29, ["snore", "saw_wood"], [("*", "sleep", 0, 0)], frames=[(2, 0)], gloss="breathe noisily during one's sleep")
syn("sleep", "v", 29, ["sleep", "kip"], [], frames=[(2, 0)], gloss="be asleep")
syn("abridge", "v", 30, ["abridge"], [("<", "abridged", 0, 0)], frames=[(8, 0)], gloss="reduce in scope while retaining essential elements")
syn("water_v", "v", 35, ["water"], [("+", "water", 1, 1)], frames=[(8, 0)], gloss="supply with water")
# Adjectives
syn("heavy", "a", 0, ["heavy"], [("!", "light", 1, 1), ("=", "weight", 0, 0), ("&", "weighty", 0, 0)],
    gloss="of comparatively great physical weight or density")
syn("weighty", "a", 0, ["weighty"], [("&", "heavy", 0, 0)], gloss="having relatively large weight", sstype="s")
syn("light", "a", 0, ["light"], [("!", "heavy", 1, 1), ("=", "weight", 0, 0)], gloss="of comparatively little physical weight")
syn("abundant", "a", 0, ["abundant"], [("&", "galore", 0, 0)], gloss="present in great quantity")
syn("galore", "a", 0, [("galore", 0, "ip")], [("&", "abundant", 0, 0)], gloss='existing in abundance; "whiskey galore"', sstype="s")
syn("afraid", "a", 0, [("afraid", 0, "p")], [], gloss="filled with fear or apprehension")
syn("former", "a", 0, [("former", 0, "a")], [], gloss="referring to the first of two things")
syn("atomic", "a", 1, ["atomic"], [("\\", "atom", 1, 1)], gloss="of or relating to or comprising atoms")
syn("abridged", "a", 0, ["abridged"], [("<", "abridge", 0, 0)], gloss="shortened by condensation")
syn("einsteinian", "a", 1, ["Einsteinian"], [("+", "einstein", 1, 1)], gloss="of or relating to Albert Einstein")
syn("quick", "a", 0, ["quick"], [("+", "quickly", 1, 1)], gloss="accomplished rapidly")
# Adverbs
syn("quickly", "r", 2, ["quickly", "rapidly"], [("\\", "quick", 1, 1)], gloss="with rapid movements")

# Sense order (most often tagged first) and tag counts: lemma -> [(synset key, count)], the
# count None for a sense the index does not call tagged, 0 for one it does without a line in
# cntlist.rev (wn shows "(0)").
ORDER = {
    ("n", "dog"): [("dog", 42), ("dog2", None)], ("n", "run"): [("run_n1", 18), ("run_n2", 1)],
    ("v", "run"): [("run_v1", 41), ("run_v2", 0)], ("n", "water"): [("water", 136)],
    ("v", "kill"): [("kill_v1", 103), ("kill_v2", 1)], ("n", "einstein"): [("einstein", None), ("genius", None)],
    ("n", "killer"): [("killer_n1", 3), ("killer_n2", 2)], ("a", "weighty"): [("weighty", 4)],
}

def parts_of(key): return S[key]["type"] if S[key]["type"] != "s" else "s"

def line_of(key, offsets):
    s = S[key]
    fields = [offsets[key], "%02d" % s["lexfile"], s["type"], "%02x" % len(s["words"])]
    for word, lexid, marker in s["words"]:
        fields += [word + ("(%s)" % marker if marker else ""), "%x" % lexid]
    fields.append("%03d" % len(s["pointers"]))
    for symbol, target, src, tgt in s["pointers"]:
        t = S[target]
        fields += [symbol, offsets[target], t["type"], "%02x%02x" % (src, tgt)]
    if s["part"] == "v":
        fields.append("%02d" % len(s["frames"]))
        for frame, word in s["frames"]:
            fields += ["+", "%02d" % frame, "%02x" % word]
    return " ".join(fields) + " | " + s["gloss"] + "  \n"

def header():
    return "".join("  %d %s  \n" % (i + 1, text) for i, text in enumerate(HEADER))

offsets = {}
for part in "nvar":
    keys = [k for k in S if S[k]["part"] == part]
    position = len(header().encode())
    for k in keys:
        offsets[k] = "%08d" % position
        position += len(line_of(k, {x: "00000000" for x in S}).encode())
for part in "nvar":
    keys = [k for k in S if S[k]["part"] == part]
    with open(os.path.join(HERE, "data." + FILES[part]), "w") as f:
        f.write(header() + "".join(line_of(k, offsets) for k in keys))

lemmas = {}
for k, s in S.items():
    for word, _, _ in s["words"]:
        lemmas.setdefault((s["part"], word.lower()), []).append(k)
counts = []
for part in "nvar":
    rows = []
    for (p, lemma), keys in lemmas.items():
        if p != part: continue
        order = ORDER.get((p, lemma))
        if order: keys = [k for k, _ in order]
        tagged = sum(1 for _, c in (order or []) if c is not None)
        symbols = sorted({ptr[0] for k in keys for ptr in S[k]["pointers"]})
        rows.append(" ".join([lemma, part, str(len(keys)), str(len(symbols))] + symbols + [str(len(keys)), str(tagged)]
                             + [offsets[k] for k in keys]) + "  \n")
        for number, (k, count) in enumerate(order or [], 1):
            if not count: continue
            s = S[k]
            own = next(i for i, w in enumerate(s["words"]) if w[0].lower() == lemma)
            head = ":"
            if s["type"] == "s":
                target = next(t for sym, t, _, _ in s["pointers"] if sym == "&")
                head = S[target]["words"][0][0].lower() + ":%02d" % S[target]["words"][0][1]
            sstype = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}[s["type"]]
            counts.append("%s%%%d:%02d:%02d:%s %d %d\n" % (lemma, sstype, s["lexfile"], s["words"][own][1], head, number, count))
    rows.sort()
    with open(os.path.join(HERE, "index." + FILES[part]), "w") as f:
        f.write(header() + "".join(rows))
# A tag count for a sense this WordNet does not have, as Debian's cntlist.rev has 1,992.
counts.append("dog%1:05:07:: 3 9\n")
with open(os.path.join(HERE, "cntlist.rev"), "w") as f:
    f.write("".join(sorted(counts)))
for name in ["noun.exc", "verb.exc", "adj.exc", "adv.exc", "sents.vrb", "sentidx.vrb"]:
    with open(os.path.join(HERE, name), "w") as f:
        f.write({"noun.exc": "", "verb.exc": "ran run\n", "adj.exc": "heavier heavy\n", "adv.exc": ""}.get(name, ""))
