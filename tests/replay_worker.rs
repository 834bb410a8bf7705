//! A page and a search worker of different builds of the site (a browser's cache keeping an
//! older worker file while the page is new, or a tab open across an update): the worker answers
//! a message it does not know with `unknown`, and the casino replay's analysis reads that, a
//! shedding worker's bare `refused` and any text it cannot read as "the page needs reloading"
//! (`CasinoReply::Outdated`), never as a decision judged nor as no decision at all; the shedding
//! replay's analysis likewise (`Judgement::Outdated`).
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino_analysis::{serve, CasinoAsk, CasinoReply};
use blackjack::bots::work::{Reply, UNKNOWN};
use blackjack::ui::casino::replay::{CasinoReplay, PREFIX};
use blackjack::ui::replay::{judge_request, serve_bytes, serve_judge, serve_text, Judgement, Replay};

/// The casino shoe of the replay pages' end-to-end tests (replay-more-analysis.test.mjs).
const CASINO_LINK: &str =
    "#replay=casino.100113.100000/d_x2:500_s3_n_d_s2_p3_s3_x3:500_n_d_i2:0_i3:0_h2_h3_n_d_s2_h3_s3";

fn first_ask() -> CasinoAsk {
    let replay = CasinoReplay::parse_body(&CASINO_LINK[PREFIX.len()..]).expect("the link reads");
    let d = replay.decisions(0).into_iter().next().expect("the player decided");
    CasinoAsk::of(&d).expect("an ask")
}

#[test]
fn the_worker_answers_each_ask_it_knows_and_unknown_to_any_other() {
    let ask = first_ask().encode();
    // A casino ask: judged, as the page reads it.
    let judged = serve_bytes(&ask);
    assert_eq!(judged, serve(&ask).encode());
    assert!(matches!(CasinoReply::read(&judged), CasinoReply::Judged { at, .. } if at == first_ask().at), "{judged}");
    // A shedding table's first byte with a body it cannot read: that side's refusal.
    assert_eq!(Reply::decode(&serve_bytes(&[1, 0xff, 0xff])), Some(Reply::Refused));
    // A casino ask it cannot judge: the casino side's refusal, a decision passed by.
    assert_eq!(CasinoReply::read(&serve_bytes(&ask[..ask.len() - 1])), CasinoReply::Refused);
    // Formats this worker never learnt (a newer page's): `unknown`, whatever follows.
    for bytes in [&[][..], &[0], &[2, 1, 2, 3], &[b'd'][..], &[0xff; 40]] {
        assert_eq!(serve_bytes(bytes), UNKNOWN, "{bytes:?}");
    }
    for text in ["", "judge", "judged 1 2", "weigh 0 0 x", "\u{1F0A1}"] {
        assert_eq!(serve_text(text), UNKNOWN, "{text:?}");
    }
    // The shedding analysis' text ask of the page of the build before `weigh` still reaches its
    // judge (a link it cannot read: refused, that page's "no decision left").
    assert_eq!(Reply::decode(&serve_text("judge 0 0 nonsense")), Some(Reply::Refused));
}

#[test]
fn the_casino_analysis_reads_a_worker_of_another_build_as_outdated() {
    // What a worker of this build sends reads back as sent.
    for reply in [
        CasinoReply::Refused,
        CasinoReply::Outdated,
        CasinoReply::Judged {
            at: 3,
            played: blackjack::engine::casino::strategy::Play::Hit,
            played_milli: -120,
            best: blackjack::engine::casino::strategy::Play::Stand,
            best_milli: -80,
        },
    ] {
        assert_eq!(CasinoReply::decode(&reply.encode()), Some(reply));
        assert_eq!(CasinoReply::read(&reply.encode()), reply);
    }
    assert_eq!(CasinoReply::read(UNKNOWN), CasinoReply::Outdated);
    // An older worker that took the casino ask for a shedding table's refuses it with the bare
    // word: once read as a refusal, and every decision of a shoe passed by, the page said the
    // player "made no decision".
    assert_eq!(CasinoReply::decode("refused"), None);
    assert_eq!(CasinoReply::read("refused"), CasinoReply::Outdated);
    // Anything else a worker might post: never a judgement, never a refusal.
    let long = "casino 1 H 0 S 0 ".repeat(20);
    for text in [
        "",
        "ready",
        "move 3 p0 200",
        "judged 1 a b c d",
        "casino",
        "casino refused 1",
        "casino 1 H 0 S",
        "casino 1 H 500 S 100",
        "unknown 2",
        "{\"judged\":1}",
        &long,
    ] {
        assert_eq!(CasinoReply::read(text), CasinoReply::Outdated, "{text:.40}");
    }
}

/// The fixed shedding deal of the end-to-end tests (replay.test.mjs, replay-outdated.test.mjs):
/// the player has one decision, at move 1.
const SHEDDING_LINK: &str = "#replay=taylor.2.normal.136~hand=1~clock=0~pen_slow=0/l.1_d.0_p.1.10D";

#[test]
fn the_shedding_analysis_reads_a_worker_of_another_build_as_outdated() {
    let replay = Replay::parse(SHEDDING_LINK).unwrap().unwrap();
    let judged = serve_judge(&judge_request(&replay, 0, 0));
    assert!(matches!(judged, Judgement::Judged { at: 1, .. }), "{judged:?}");
    // What a worker of this build sends reads back as sent, through the worker's text.
    for reply in [judged, Judgement::Done, Judgement::Outdated] {
        assert_eq!(Judgement::read(&reply.encode()), reply);
    }
    assert_eq!(Judgement::read(&serve_text(&judge_request(&replay, 0, 0))), judged);
    assert_eq!(Judgement::read(&serve_text(&judge_request(&replay, 0, 2))), Judgement::Done);
    // The worker from before `Done` ends a game with the bare `refused` (which it also sends for
    // what it cannot read): once read as "no decision left", its analysis said the player had
    // no decision to weigh. A worker that does not know the ask says `unknown`.
    assert_eq!(Judgement::read("refused"), Judgement::Outdated);
    assert_eq!(Judgement::read(UNKNOWN), Judgement::Outdated);
    // Anything else a worker might post: never a judgement, never the end.
    let long = "judged 1 d.0 500 d.0 500 ".repeat(10);
    for text in [
        "",
        "ready",
        "move 3 d.0 200",
        "judged 0 c3 0",
        "judged none 1",
        "judged 1 d.0 1001 d.0 500",
        "casino refused",
        "casino 1 H 0 S 0",
        "unknown 2",
        "{\"judged\":1}",
        &long,
    ] {
        assert_eq!(Judgement::read(text), Judgement::Outdated, "{text:.40}");
    }
    // A judgement that does not answer the question asked is no answer: the page's run stops
    // as for a worker of another build (this build's answers only what it is asked).
    let Judgement::Judged { played, played_pm, best, best_pm, .. } = judged else { unreachable!() };
    assert_eq!(judged.weighed(&replay, 0, 0).map(|w| (w.index, w.played_pm, w.best_pm)), Some((1, played_pm, best_pm)));
    let not_asked = [
        (judged, 1, 2),
        (judged, 0, 3),
        (Judgement::Judged { at: 0, played, played_pm, best, best_pm }, 0, 0),
        (Judgement::Judged { at: 99, played, played_pm, best, best_pm }, 0, 0),
        (Judgement::Done, 0, 0),
        (Judgement::Outdated, 0, 0),
    ];
    for (reply, seat, from) in not_asked {
        assert_eq!(reply.weighed(&replay, seat, from), None, "{reply:?} for seat {seat} from {from}");
    }
}
