/// The records of `ImportGcideFidelityTests`, copied from `dict-gcide` 0.48 (a few cut short),
/// and the keys its index has for them.
extension ImportGcideFidelityTests {
    static let records: [String] = [
        #"""
        Dazzle \Daz"zle\, v. t. [imp. & p. p. {Dazzled}; p. pr. & vb. n.
           {Dazzling}.] [Freq. of daze.]
           1. To overpower with light; to confuse the sight of by
              brilliance of light.
              [1913 Webster]

                    Those heavenly shapes
                    Will dazzle now the earthly, with their blaze
                    Insufferably bright.                  --Milton.
              [1913 Webster]

                    An unreflected light did never yet
                    Dazzle the vision feminine.           --Sir H.
                                                          Taylor.
              [1913 Webster]

           2. To bewilder or surprise with brilliancy or display of any
              kind. "Dazzled and drove back his enemies." --Shak.
              [1913 Webster]


        """#,
        #"""
        Dazzle \Daz"zle\, v. i.
           1. To be overpoweringly or intensely bright; to excite
              admiration by brilliancy.
              [1913 Webster]

                    Ah, friend! to dazzle, let the vain design. --Pope.
              [1913 Webster]

           2. To be overpowered by light; to be confused by excess of
              brightness.
              [1913 Webster]

                    An overlight maketh the eyes dazzle.  --Bacon.
              [1913 Webster]

                    I dare not trust these eyes;
                    They dance in mists, and dazzle with surprise.
                                                          --Dryden.
              [1913 Webster]


        """#,
        #"""
        Dazzle \Daz"zle\, n.
           A light of dazzling brilliancy.
           [1913 Webster]


        """#,
        #"""
        Happy \Hap"py\ (h[a^]p"p[y^]), a. [Compar. {Happier}
           (-p[i^]*[~e]r); superl. {Happiest}.] [From {Hap} chance.]
           1. Favored by hap, luck, or fortune; lucky; fortunate;
              successful; prosperous; satisfying desire; as, a happy
              expedient; a happy effort; a happy venture; a happy omen.
              [1913 Webster]

                    Chymists have been more happy in finding experiments
                    than the causes of them.              --Boyle.
              [1913 Webster]

           {Happy family}, a collection of animals of different and
              hostile propensities living peaceably together in one
              cage.
              [1913 Webster]


        """#,
        #"""
        Apse \Apse\ ([a^]ps), n.; pl. Apses ([a^]p"s[e^]z). [See
           {Apsis}.]
           1. (Arch.)
              (a) A projecting part of a building, esp. of a church,
                  having in the plan a polygonal or semicircular
                  termination. Hence:
              (b) The bishop's seat or throne, in ancient churches.
                  [1913 Webster]

           2. A reliquary, or case in which the relics of saints were
              kept.
              [1913 Webster]

           Note: This word is also written {apsis} and {absis}.
                 [1913 Webster]


        """#,
        #"""
        Jejune \Je*june"\, a. [L. jejunus fasting, hungry, dry, barren,
           scanty; of unknown origin.]
           [1913 Webster]
           1. Lacking matter; empty; void of substance.
              [1913 Webster]

           2. Void of interest; barren; meager; dry; as, a jejune
              narrative.

           3. Juvenile; childish; immature.
              [PJC]

           4. Lacking nutritional value.
              [PJC] - {Je*june"ly}, adv. -- {Je*june"ness}, n. --Bacon.
              [1913 Webster]


        """#,
        #"""
        Siskin \Sis"kin\, n. [Dan. sisgen; cf. Sw. siska, G. zeisig, D.
           sijsje; of Slav. origin; cf. Pol. czy[zdot].] (Zool.)
           (a) A small green and yellow European finch ({Spinus spinus},
               or {Carduelis spinus}); -- called also {aberdevine}.
           (b) The American pinefinch ({Spinus pinus}); -- called also
               {pine siskin}. See {Pinefinch}.
               [1913 Webster]

           {Siskin green}, a delicate shade of yellowish green, as in
              the mineral torbernite.
              [1913 Webster]


        """#,
        #"""
        Bignoniaceous \Big*no`ni*a"ceous\, a. (Bot.)
           Of pertaining to, or resembling, the family of plants of
           which the {trumpet flower} (also called {trumpet creeper} and
           {trumpet vine}) is an example.
           [1913 Webster]


        """#,
        #"""
        Dog \Dog\ (d[add]g or d[o^]g), n. [AS. docga; akin to D. dog
           mastiff, Dan. dogge, Sw. dogg.]
           1. (Zool.) A quadruped of the genus {Canis}, esp. the
              domestic dog ({Canis familiaris}).

           {Dog salmon} (Zool.), a salmon of northwest America and
              northern Asia; -- the {gorbuscha}; -- called also {holia},
              and {hone}.

           {Dog Star}. See in the Vocabulary.
              [1913 Webster]


        """#,
        #"""
        Dog Star \Dog" Star`\
           Sirius, a star of the constellation Canis Major, or the
           Greater Dog, and the brightest star in the heavens; -- called
           also {Canicula}, and, in astronomical charts, {[alpha] Canis
           Majoris}. See {Dog days}.
           [1913 Webster]


        """#,
        #"""
        Afflicting \Af*flict"ing\, a.
           Grievously painful; distressing; afflictive; as, an
           afflicting event. -- Af*flict"ing*ly, adv.
           [1913 Webster]


        """#,
        #"""
        Status in quo \Sta"tus in` quo"\ (st[=a]"t[u^]s [i^]n` kw[=o]"),
        Status quo \Sta"tus quo"\ (st[=a]"t[u^]s kw[=o]").[L., state in
           which.]
           The state in which anything is already. The form status quo
           is in most common use.
           [1913 Webster]


        """#,
        #"""
        10 \10\ adj.
           1. denoting a quantity consisting of one more than nine and
              one less than eleven; -- representing the number ten as
              Arabic numerals

           Syn: ten, x
                [WordNet 1.5 +PJC]


        """#,
    ]

    /// The keys of the package's index for these records, each with its record's number.
    static let index: [(String, Int)] = [
        ("10", 12), ("aberdevine", 6), ("absis", 4), ("Afflicting", 10), ("Apse", 4), ("apsis", 4),
        ("Bignoniaceous", 7), ("Carduelis spinus", 6), ("Canis familiaris", 8), ("Dazzle", 1), ("Dazzle", 2),
        ("Dazzle", 0), ("Dazzled", 0), ("Dazzling", 0), ("Dog", 8), ("Dog salmon", 8), ("Dog Star", 8), ("Dog Star", 9),
        ("gorbuscha", 8), ("Happier", 3), ("Happiest", 3), ("Happy", 3), ("Happy family", 3), ("holia", 8), ("hone", 8),
        ("Jejune", 5), ("Jejunely", 5), ("Jejuneness", 5), ("pine siskin", 6), ("Siskin", 6), ("Siskin green", 6),
        ("Spinus pinus", 6), ("Spinus spinus", 6), ("Status in quo", 11), ("Status quo", 11), ("trumpet creeper", 7),
        ("trumpet flower", 7), ("trumpet vine", 7),
    ]
}
