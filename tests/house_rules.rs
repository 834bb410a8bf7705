//! House rules as data: every setting reads and writes its value, a preset differs from itself
//! in nothing, overrides rebuild the same rule set, and a bad set of overrides is refused with
//! every problem listed.

use blackjack::engine::shedding::house::{
    apply_overrides, effect_code, house_rules, overrides, parse_effect, Kind, OverrideProblem,
};
use blackjack::engine::shedding::rules::{CallPenalty, Effect, Scoring};
use blackjack::engine::shedding::{Game, Preset, Rules};

#[test]
fn a_preset_has_no_overrides_and_every_setting_reads_back_what_it_wrote() {
    for preset in Preset::ALL {
        let base = preset.spec();
        assert_eq!(overrides(&base, &base), "", "{preset:?}");
        for rule in house_rules() {
            let v = rule.get(&base);
            if v.is_empty() {
                continue; // does not apply to this preset (e.g. a detail of a call it does not have)
            }
            let mut spec = base.clone();
            rule.set(&mut spec, &v).unwrap_or_else(|e| panic!("{preset:?} {}: {e}", rule.key));
            assert_eq!(rule.get(&spec), v, "{preset:?} {}", rule.key);
        }
    }
}

#[test]
fn every_choice_of_every_setting_round_trips_through_a_link() {
    for preset in Preset::ALL {
        let base = preset.spec();
        for rule in house_rules() {
            let values: Vec<String> = match &rule.kind {
                Kind::Flag => vec!["0".into(), "1".into()],
                Kind::Number { min, max } => vec![min.to_string(), max.to_string()],
                Kind::Choice(c) => c.iter().map(|k| k.to_string()).collect(),
                Kind::Power => {
                    ["-", "p0-3", "r1-2", "c0", "v", "s2", "f", "t", "m", "a", "we"].map(String::from).to_vec()
                }
            };
            for v in values {
                let mut spec = base.clone();
                if rule.set(&mut spec, &v).is_err() {
                    assert!(rule.get(&base).is_empty(), "{preset:?} {}={v} refused", rule.key);
                    continue;
                }
                let code = overrides(&base, &spec);
                let back = apply_overrides(&base, &code).unwrap_or_else(|e| panic!("{preset:?} {code}: {e:?}"));
                for r in house_rules() {
                    assert_eq!(r.get(&back), r.get(&spec), "{preset:?} {code}: {}", r.key);
                }
            }
        }
    }
}

#[test]
fn house_rules_change_the_game_and_name_it() {
    let base = Preset::Taylor.spec();
    let spec = apply_overrides(&base, "clock=0~pen_slow=0~p.Q.b=-~p.Q.r=-~p.J.b=p1-5~last_pen=p2").unwrap();
    assert_eq!(spec.name, "Taylor (house rules)");
    assert_eq!(spec.clock_ms, None);
    assert_eq!(spec.last_card.unwrap().penalty, CallPenalty::PickUp(2));
    let rules = Rules::new(spec.clone()).expect("a valid rule set");
    assert_eq!(rules.effect("QS".parse().unwrap()), None, "queens lost their skip");
    assert_eq!(rules.effect("JC".parse().unwrap()), Some(Effect::PickUp { group: 1, cards: 5 }));
    assert_eq!(
        rules.effect("JH".parse().unwrap()),
        Some(Effect::ReducePickUp { group: 1, cards: 7 }),
        "red jacks unchanged"
    );
    assert!(Game::new(rules, 4, 9).is_ok());
    // The overrides of the result are exactly the ones that changed something.
    assert_eq!(overrides(&base, &spec), "last_pen=p2~clock=0~pen_slow=0~p.J.b=p1-5~p.Q.b=-~p.Q.r=-");
}

#[test]
fn one_colour_changed_splits_a_power_and_both_the_same_merge_it() {
    let base = Preset::British.spec();
    let split = apply_overrides(&base, "p.8.r=s2").unwrap();
    assert_eq!(split.powers.iter().filter(|p| p.rank.short() == "8").count(), 2);
    let merged = apply_overrides(&split, "p.8.b=s2").unwrap();
    let eights: Vec<_> = merged.powers.iter().filter(|p| p.rank.short() == "8").collect();
    assert_eq!(eights.len(), 1);
    assert_eq!((eights[0].colour, eights[0].effect), (None, Effect::Skip { players: 2 }));
}

#[test]
fn bad_overrides_are_refused_with_every_problem_listed() {
    let problems =
        apply_overrides(&Preset::Taylor.spec(), "hand=0~nonsense=1~draw_able=yes~p.K.b=zz~runs").unwrap_err();
    let bad = |key: &'static str, label: &'static str, kind: Kind, value: &str| OverrideProblem::BadValue {
        key: key.into(),
        label: label.into(),
        kind,
        value: value.into(),
    };
    // Unreadable items as they come, then the settings in the order they are applied.
    assert_eq!(
        problems,
        [
            OverrideProblem::UnknownRule("nonsense".into()),
            OverrideProblem::NotASetting("runs".into()),
            bad("hand", "Cards dealt", Kind::Number { min: 1, max: 20 }, "0"),
            bad("draw_able", "Pick up when you could play", Kind::Flag, "yes"),
            bad("p.K.b", "Black kings", Kind::Power, "zz"),
        ]
    );
    assert_eq!(problems[0].to_string(), "there is no house rule \"nonsense\"");
    assert_eq!(problems[1].to_string(), "\"runs\" is not a setting (key=value)");
    assert_eq!(problems[2].to_string(), "Cards dealt: \"0\" is not a possible value (1 to 20)");
    assert_eq!(problems[3].to_string(), "Pick up when you could play: \"yes\" is not a possible value (1 or 0)");
    // Values that read well but make a bad rule set are the checked constructor's to refuse.
    let spec = apply_overrides(&Preset::Taylor.spec(), "clock=0~pen_false=0").unwrap();
    let err = Rules::new(spec).unwrap_err();
    assert_eq!(err.problems.len(), 2, "{err}");
}

#[test]
fn refused_override_text_is_quoted_short_however_long_the_link() {
    let long = "é".repeat(5000);
    let problems = apply_overrides(&Preset::British.spec(), &format!("{long}=1~hand={long}~{long}")).unwrap_err();
    let quoted = format!("{}...", "é".repeat(24));
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert_eq!(problems[0], OverrideProblem::UnknownRule(quoted.clone()));
    assert_eq!(problems[1], OverrideProblem::NotASetting(quoted.clone()));
    assert!(matches!(&problems[2], OverrideProblem::BadValue { key, value, .. } if key == "hand" && *value == quoted));
}

#[test]
fn switching_the_call_or_the_rounds_off_and_on() {
    let base = Preset::British.spec();
    let off = apply_overrides(&base, "last=-").unwrap();
    assert!(off.last_card.is_none());
    assert_eq!(overrides(&base, &off), "last=-", "details of a call that is off are not carried");
    let first = apply_overrides(&base, "scoring=first").unwrap();
    assert_eq!(first.scoring, Scoring::FirstOut);
    let problems = apply_overrides(&first, "target=3").unwrap_err();
    assert_eq!(problems, [OverrideProblem::DoesNotApply { key: "target".into(), label: "Match target".into() }]);
    assert_eq!(problems[0].to_string(), "Match target: does not apply to these rules");
    let on = apply_overrides(&Preset::CrazyEights.spec(), "last=one~last_pen=p7~last_who=auto").unwrap();
    assert_eq!(on.last_card.unwrap().penalty, CallPenalty::PickUp(7));
}

#[test]
fn effect_codes_read_back() {
    for code in ["-", "p0-2", "r1-7", "c1", "v", "s2", "f", "t", "m", "a", "ae", "w", "we"] {
        assert_eq!(effect_code(parse_effect(code).unwrap()), code);
    }
    for bad in ["", "p", "p0", "x", "ve", "s", "ax"] {
        assert!(parse_effect(bad).is_none(), "{bad}");
    }
}

#[test]
fn a_form_splits_an_effect_code_and_puts_it_back_together() {
    use blackjack::engine::shedding::house::{effect_from_parts, effect_parts, EFFECT_KINDS};
    for code in ["-", "p0-2", "r1-7", "c1", "v", "s2", "f", "t", "m", "a", "ae", "w", "we"] {
        let (kind, n, g) = effect_parts(code);
        assert!(EFFECT_KINDS.iter().any(|(k, _)| *k == kind), "{code}: kind {kind} is offered");
        assert_eq!(effect_from_parts(&kind, n, g), code);
    }
}

#[test]
fn the_rules_docs_list_every_house_rule() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/README.md")).unwrap();
    for rule in house_rules().iter().filter(|r| !r.key.starts_with("p.")) {
        assert!(
            doc.contains(&format!("| `{}` | {} |", rule.key, rule.label)),
            "docs/rules/README.md does not list `{}` ({})",
            rule.key,
            rule.label
        );
    }
}

#[test]
fn every_setting_has_its_own_help_sentence_and_choice_labels_for_the_form() {
    let rules = house_rules();
    for rule in &rules {
        let help = rule.help();
        assert!(help.len() > 10 && help.ends_with('.'), "{}: {help:?}", rule.key);
    }
    // The sentences sit in their own table: each belongs to its setting, in order.
    let find = |key: &str| rules.iter().find(|r| r.key == key).unwrap().help();
    assert_eq!(find("hand"), "How many cards each player is dealt.");
    assert_eq!(find("max_plays"), "A round ends after this many cards; the fewest cards in hand wins it.");
    assert_eq!(find("p.J.b"), "What a black jack does.");
    assert_eq!(find("p.A.r"), "What a red ace does.");
    // A choice's labels sit with the sentences, one for each code, in order.
    for rule in &rules {
        match rule.kind {
            Kind::Choice(codes) => assert_eq!(codes.len(), rule.choice_labels().len(), "{}", rule.key),
            _ => assert!(rule.choice_labels().is_empty(), "{}", rule.key),
        }
    }
    let runs = rules.iter().find(|r| r.key == "runs").unwrap();
    assert_eq!(runs.kind, Kind::Choice(&["-", "any", "keep"]));
    assert_eq!(runs.choice_labels(), ["No runs", "Runs, up and down", "Runs that keep going up, or down"]);
}
