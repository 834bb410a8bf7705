//! The friend's side of a table with friends, as plain Rust: what the host sent this page's
//! seat (the seats, its seat's updates, refusals, the clock, notices), the screen drawn from that
//! alone, and what the page's links brought in one poll, in the order to act on it. Every page
//! is a friend here, the host's included (its worker sends it the same bytes). The socket and
//! the worker stay in [`super::session`] (the browser's); this compiles natively and is tested
//! so (`tests/friend_side.rs`), as the local tables' reducers are.

use super::news::{seat_news, Ended};
use super::page::{FriendsPage, Rules, Update};
use super::words::{called_too, refusal_words, screen_names};
use crate::bots::shedding::Level;
use crate::net::{Clock, Message, Notice, Reader, Refusal, SeatToken, Seats, ToPeer, PROTOCOL};

/// What a page's links did in one poll, one at a time; `L` names a link, `B` holds bytes.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent<L, B> {
    Connected(L),
    Bytes(L, B),
    Left(L),
}

/// One poll's news, handed to `take` in the order to act on it: links that connected, then the
/// bytes that arrived, then links that left. A link's last bytes are read before it is let go:
/// a host's update sent just before it left arrives in the same poll as its leaving, and is the
/// table's. `peers` is each link whose state changed (`connected` tells which connected).
pub fn in_order<L: Copy, S, B>(
    peers: Vec<(L, S)>,
    connected: impl Fn(&S) -> bool,
    arrived: Vec<(L, B)>,
    mut take: impl FnMut(LinkEvent<L, B>),
) {
    // Plain loops, no lists built: the friends pages are near their budget.
    for (link, state) in &peers {
        if connected(state) {
            take(LinkEvent::Connected(*link));
        }
    }
    for (link, bytes) in arrived {
        take(LinkEvent::Bytes(link, bytes));
    }
    for (link, state) in &peers {
        if !connected(state) {
            take(LinkEvent::Left(*link));
        }
    }
}

/// What became of one link event or message on a friend's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// The host connected: a page that holds a seat asks for it back.
    HostCame,
    /// A message of the host's, taken.
    Read,
    /// The host's, but not of the table its welcome showed: no screen saw it ([`PeerSide::unfit`]).
    Unfit,
    /// Too long, unreadable, of another version, or not from the host.
    Dropped,
    /// The host left ([`PeerSide::host_gone`]).
    HostLeft,
    /// A browser other than the host let go (it never connected, or it left first).
    Failed,
    /// The host ended this page's place at the table (removed its person, or closed the table):
    /// the page stops listening ([`PeerSide::end`] says how).
    Ended,
}

/// This page's seat: what the host sent it, and the screen drawn from that alone. `L` names a
/// link (the socket's peer id in the page).
pub struct PeerSide<F: FriendsPage, L> {
    /// The host's link (a friend's page; the host's own page talks to its worker instead).
    host: Option<L>,
    pub token: Option<SeatToken>,
    pub seat: Option<u8>,
    pub seats: Option<Seats>,
    pub update: Option<Update<F>>,
    pub refused: Option<Refusal<Rules<F>>>,
    pub host_gone: bool,
    /// The seat's screen, built from the host's updates alone.
    pub screen: Option<F::Screen>,
    /// The move sent last, until its update (or refusal) comes back.
    pending: Option<F::Action>,
    /// The host's bytes read (the rules kept from the welcome, put back into each update).
    reader: Reader<F::Game>,
    /// The link's last round trip to the host and back, in ms (none measured yet: 0).
    rtt_ms: u32,
    /// The host's quick-play clock as this page shows it: the time left when it arrived, less
    /// half the round trip (the time it took to get here), so the ring ends with the host's.
    pub clock: Option<Clock>,
    /// The host's messages refused because they do not fit the table its welcome showed (a
    /// hostile or broken host): the page keeps its screen and says so.
    pub unfit: u64,
    /// The last change of who is at the table ("Sam left; a bot plays for Sam…"), for the lobby.
    pub news: Option<String>,
    /// The host removed this page's person, or closed the table: nothing more is taken.
    pub end: Option<Ended>,
    /// The host's challenge for this connection, until the page answers it with its seat's proof
    /// (the page holds the room's name the proof is made for).
    pub challenge: Option<u128>,
    /// The host sent messages of another version of the game (a link from an older page, or a
    /// page older than the host's).
    pub old: bool,
}

impl<F: FriendsPage, L> Default for PeerSide<F, L> {
    fn default() -> Self {
        PeerSide {
            host: None,
            token: None,
            seat: None,
            seats: None,
            update: None,
            refused: None,
            host_gone: false,
            screen: None,
            pending: None,
            reader: Reader::default(),
            rtt_ms: 0,
            clock: None,
            unfit: 0,
            news: None,
            end: None,
            challenge: None,
            old: false,
        }
    }
}

impl<F: FriendsPage, L: PartialEq> PeerSide<F, L> {
    /// A friend's page that holds `token`'s seat in the room, if any (it asks for it back once
    /// the host connects).
    pub fn holding(token: Option<SeatToken>) -> Self {
        PeerSide { token, ..PeerSide::default() }
    }

    /// One event of a friend's links (see [`in_order`]) at the page's clock `now` (ms). Only the
    /// host connects to a friend (the signalling server routes nobody else).
    pub fn link<B: AsRef<[u8]>>(&mut self, event: LinkEvent<L, B>, now: u32) -> Heard {
        match event {
            LinkEvent::Connected(link) => {
                self.host = Some(link);
                self.host_gone = false;
                Heard::HostCame
            }
            LinkEvent::Bytes(link, bytes) if self.host.as_ref() == Some(&link) => self.read(bytes.as_ref(), now),
            LinkEvent::Bytes(..) => Heard::Dropped,
            LinkEvent::Left(link) if self.host.as_ref() == Some(&link) => {
                self.host = None;
                self.host_gone = true;
                Heard::HostLeft
            }
            LinkEvent::Left(_) => Heard::Failed,
        }
    }

    /// The host's link, while it is connected.
    pub fn host(&self) -> Option<&L> {
        self.host.as_ref()
    }
}

impl<F: FriendsPage, L> PeerSide<F, L> {
    /// The host's bytes (over the link, or from the worker on the host's own page), read and
    /// taken at the page's clock `now` (ms).
    pub fn read(&mut self, bytes: &[u8], now: u32) -> Heard {
        match self.reader.read(bytes) {
            // The table ended for this page: nothing more is taken.
            Some(_) if self.end.is_some() => Heard::Read,
            Some(message) => {
                self.take(message, now);
                if self.end.is_some() {
                    Heard::Ended
                } else {
                    Heard::Read
                }
            }
            // Read, but not of the table the welcome showed: no screen sees it, the page says so.
            None if self.reader.take_unfit().is_some() => {
                self.unfit += 1;
                Heard::Unfit
            }
            // Of another version: dropped as any unreadable message, and the page says its link
            // is old.
            None => {
                self.old |= bytes.len() >= 2 && bytes[..2] != PROTOCOL.to_le_bytes();
                Heard::Dropped
            }
        }
    }

    /// A move chosen on this page's screen: its update, or its refusal, is the next to come back.
    pub fn sent(&mut self, action: F::Action) {
        self.pending = Some(action);
    }

    fn names(&self, seat: u8) -> (Vec<String>, Vec<Option<Level>>) {
        let players = self.update.as_ref().map_or(0, F::players);
        self.seats.as_ref().map(|s| screen_names(s, seat)).unwrap_or_else(|| {
            let names = (0..players).map(|s| if s == seat as usize { "You".into() } else { format!("Seat {}", s + 1) });
            (names.collect(), vec![None; players])
        })
    }

    /// A message of the host's, read (see [`Self::read`]), at the page's clock `now` (ms).
    fn take(&mut self, message: Message<F::Game>, now: u32) {
        match message {
            ToPeer::Welcome { seat, update, .. } => {
                self.seat = Some(seat);
                self.refused = None;
                self.pending = None;
                self.update = Some(update.clone());
                // A rejoin shows the seat whole; a first welcome starts the screen.
                match &mut self.screen {
                    Some(screen) if F::me(screen) == seat => F::show(screen, update),
                    _ => {
                        let (names, levels) = self.names(seat);
                        self.screen = Some(F::screen(names, levels, update));
                    }
                }
            }
            ToPeer::Update(u) => {
                if let Some(screen) = &mut self.screen {
                    F::receive(screen, u.clone(), self.pending.take());
                }
                self.update = Some(u);
            }
            ToPeer::Refused(r) => {
                if let (
                    Some(screen),
                    Refusal::Illegal(_)
                    | Refusal::Stale { .. }
                    | Refusal::NotYourSeat
                    | Refusal::CalledFirst { .. }
                    | Refusal::EnoughTalk
                    | Refusal::EnoughBets
                    | Refusal::EnoughSlips,
                ) = (&mut self.screen, &r)
                {
                    // A move's refusal is the table's notice; the lobby's stays under the seats.
                    F::refused(screen, refusal_words(&r, self.seats.as_ref()));
                } else {
                    self.refused = Some(r);
                }
                self.pending = None;
            }
            ToPeer::Seats(s) => {
                let news = self.seats.as_ref().map(|old| seat_news(old, &s, self.seat)).unwrap_or_default();
                self.seats = Some(s);
                // Who left or came back: a line of the table's log, and the lobby's.
                for line in news {
                    if let Some(screen) = &mut self.screen {
                        F::note(screen, line.clone());
                    }
                    self.news = Some(line);
                }
                if let (Some(screen), Some(seat)) = (&mut self.screen, self.seat) {
                    let (names, levels) = self.seats.as_ref().map(|s| screen_names(s, seat)).unwrap_or_default();
                    F::rename(screen, names, levels);
                }
            }
            // A round trip over a minute is no measure (a page asleep in the background).
            ToPeer::Pong { t } => {
                self.rtt_ms = Some(now.wrapping_sub(t)).filter(|&ms| ms < 60_000).unwrap_or(self.rtt_ms)
            }
            ToPeer::Clock(c) => {
                self.clock = c.map(|c| Clock { left_ms: c.left_ms.saturating_sub(self.rtt_ms / 2), ..c });
            }
            // The log says who was first when two called the same thing.
            ToPeer::Notice(Notice::CalledToo { first, too }) => {
                let line = called_too(self.seats.as_ref(), self.seat, first, too);
                if let Some(screen) = &mut self.screen {
                    F::note(screen, line);
                }
            }
            ToPeer::Notice(Notice::Removed) => self.end = Some(Ended::Removed),
            ToPeer::Notice(Notice::Closed) => self.end = Some(Ended::Closed),
            ToPeer::Notice(_) => {}
            // Answered by the page, which holds the room the proof is made for.
            ToPeer::Challenge { nonce } => self.challenge = Some(nonce),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{shedding, uno};
    use crate::net::casino::Casino;
    use crate::net::worker::{Family, Shedding, Uno};
    use crate::net::{encode, Seat, Table};
    use crate::ui::shedding::screen::SeatScreen;

    type Side<F> = PeerSide<F, u8>;
    type Event = LinkEvent<u8, Vec<u8>>;
    type M<F> = Message<<F as Family>::Game>;

    /// The host's link in these tests.
    const HOST: u8 = 7;

    /// A Taylor table of three: Ann (this page, seat 0), Jo the host (seat 1), a free seat.
    fn taylor() -> shedding::Game {
        shedding::Game::new(shedding::Preset::Taylor.rules(), 3, 11).expect("a table")
    }

    fn uno_game() -> uno::Game {
        uno::Game::new(uno::UnoRules::seed_rules(), 3, 21).expect("a table")
    }

    fn casino_game() -> crate::net::casino::ShoeTable {
        crate::net::casino::ShoeTable::new(3, 5).expect("a table")
    }

    fn seats(third: Seat) -> Seats {
        let seats = vec![Seat::Friend { name: "Ann".into(), here: true }, Seat::Host { name: "Jo".into() }, third];
        Seats { game: "Taylor Blackjack".into(), seats, dealt: true, clock_ms: 0 }
    }

    fn welcome<T: Table>(game: &T, seat: u8) -> ToPeer<T::Update, T::Refusal, T::Shared> {
        ToPeer::Welcome { seat, shared: game.shared(), update: game.update(seat, &[]).expect("a seat") }
    }

    /// `message` as the host's bytes, read at `now`.
    fn read<F: FriendsPage>(side: &mut Side<F>, message: &M<F>, now: u32) -> Heard {
        side.read(&encode(message), now)
    }

    /// The seats, then the welcome of `seat`: a friend's page at a dealt table.
    fn seated<F: FriendsPage>(game: &F::Game, seat: u8) -> Side<F> {
        let mut side = Side::<F>::default();
        assert_eq!(read(&mut side, &ToPeer::Seats(seats(Seat::Open)), 0), Heard::Read);
        assert_eq!(read(&mut side, &welcome(game, seat), 0), Heard::Read);
        assert!(side.screen.is_some(), "a welcome starts the screen");
        side
    }

    /// The first legal move of the seat to move, applied; the update of `seat` after it.
    fn shedding_move(game: &mut shedding::Game, seat: u8) -> shedding::SeatUpdate {
        let a = game.legal_actions()[0];
        let events = game.apply(a).expect("legal");
        game.update_after(seat, &events).expect("a seat")
    }

    fn clock(left_ms: u32) -> M<Shedding> {
        ToPeer::Clock(Some(Clock { seat: 0, left_ms, full_ms: 8_000 }))
    }

    #[test]
    fn the_clock_shows_the_time_left_less_half_the_round_trip() {
        let mut side = seated::<Shedding>(&taylor(), 0);
        let left = |side: &Side<Shedding>| side.clock.map(|c| c.left_ms);
        // Nothing measured yet: the time left as it arrived.
        read(&mut side, &clock(5_000), 1_000);
        assert_eq!(left(&side), Some(5_000));
        // A ping sent at 1,000 answered at 1,400: 200 ms on the way here.
        read(&mut side, &ToPeer::Pong { t: 1_000 }, 1_400);
        read(&mut side, &clock(5_000), 1_500);
        assert_eq!(left(&side), Some(4_800));
        assert_eq!(side.clock.map(|c| (c.seat, c.full_ms)), Some((0, 8_000)), "the rest as the host sent it");
        // A round trip over a minute (a page asleep in the background) is no measure: the last
        // one stands.
        read(&mut side, &ToPeer::Pong { t: 2_000 }, 2_000 + 60_000);
        read(&mut side, &clock(5_000), 62_100);
        assert_eq!(left(&side), Some(4_800));
        // The page's clock wraps past `u32::MAX` ms (49 days open): still 300 ms.
        read(&mut side, &ToPeer::Pong { t: u32::MAX - 99 }, 200);
        read(&mut side, &clock(5_000), 250);
        assert_eq!(left(&side), Some(4_850));
        // Less time left than the way here: none, never a wrap to 49 days.
        read(&mut side, &clock(100), 300);
        assert_eq!(left(&side), Some(0));
        read(&mut side, &ToPeer::Clock(None), 400);
        assert_eq!(side.clock, None, "the host stopped the clock");
    }

    #[test]
    fn a_moves_refusal_shows_on_the_table_and_the_lobbys_under_the_seats() {
        let mut side = Side::<Shedding>::default();
        read(&mut side, &ToPeer::Seats(seats(Seat::Open)), 0);
        // No table yet: even a move's refusal has only the lobby to show on.
        read(&mut side, &ToPeer::Refused(Refusal::NotYourSeat), 0);
        assert_eq!(side.refused, Some(Refusal::NotYourSeat));
        read(&mut side, &welcome(&taylor(), 0), 0);
        assert_eq!(side.refused, None, "a seat taken clears the lobby's refusal");
        let notice = |side: &Side<Shedding>| side.screen.as_ref().and_then(|s| s.notice.clone());
        let illegal = Refusal::Illegal(shedding::Refusal::NotYourTurn);
        let on_table: [(Refusal<shedding::Refusal>, String); 7] = [
            (Refusal::Stale { at: 3, now: 5 }, "The table moved on before your move arrived.".into()),
            (Refusal::NotYourSeat, "That is not your move to make.".into()),
            (Refusal::CalledFirst { seat: 1 }, "Jo called it first.".into()),
            (Refusal::EnoughTalk, "You have said enough for one game: the table takes no more talk from you.".into()),
            (
                Refusal::EnoughBets,
                "You have changed your bet enough for this round: press Deal to play the bet you have.".into(),
            ),
            (Refusal::EnoughSlips, "The table takes no more moves out of turn from you this game.".into()),
            (illegal.clone(), refusal_words(&illegal, None)),
        ];
        for (r, words) in on_table {
            side.sent(shedding::Action::Draw { seat: 0 });
            read(&mut side, &ToPeer::Refused(r.clone()), 0);
            assert_eq!(notice(&side), Some(words), "{r:?} is the table's notice");
            assert_eq!(side.refused, None, "{r:?} is not the lobby's");
            assert_eq!(side.pending, None, "{r:?} answers the move sent");
        }
        assert!(notice(&side).is_some_and(|n| n.starts_with("Not allowed: ")));
        // A seat's refusal is the lobby's: the table keeps its notice.
        read(&mut side, &ToPeer::Refused(Refusal::SeatTaken { seat: 2 }), 0);
        assert_eq!(side.refused, Some(Refusal::SeatTaken { seat: 2 }));
        assert!(notice(&side).is_some_and(|n| n.starts_with("Not allowed: ")));
    }

    /// Every family's screen shows a move's refusal, and leaves the lobby's to the lobby.
    fn refusal_on_the_screen<F: FriendsPage>(game: &F::Game, notice: impl Fn(&F::Screen) -> Option<String>) {
        let mut side = seated::<F>(game, 0);
        read(&mut side, &ToPeer::Refused(Refusal::NotYourSeat), 0);
        assert_eq!(side.screen.as_ref().and_then(&notice).as_deref(), Some("That is not your move to make."));
        assert_eq!(side.refused, None);
        read(&mut side, &ToPeer::Refused(Refusal::UnknownToken), 0);
        assert_eq!(side.refused, Some(Refusal::UnknownToken));
        assert_eq!(side.screen.as_ref().and_then(&notice).as_deref(), Some("That is not your move to make."));
    }

    #[test]
    fn every_familys_screen_shows_a_moves_refusal() {
        refusal_on_the_screen::<Shedding>(&taylor(), |s| s.notice.clone());
        refusal_on_the_screen::<Uno>(&uno_game(), |s| s.notice.clone());
        refusal_on_the_screen::<Casino>(&casino_game(), |s| s.notice.clone());
    }

    #[test]
    fn the_hosts_challenge_waits_for_the_page_and_the_seat_news_reaches_the_log() {
        let mut side = seated::<Shedding>(&taylor(), 0);
        // The page answers the challenge (it holds the room a proof is made for).
        assert_eq!(read(&mut side, &ToPeer::Challenge { nonce: 0x5eed }, 0), Heard::Read);
        assert_eq!(side.challenge.take(), Some(0x5eed));
        // Jo the host is at seat 1; a friend sits at seat 2, then leaves: the lobby and the log say so.
        let sam = |here| seats(Seat::Friend { name: "Sam".into(), here });
        read(&mut side, &ToPeer::Seats(sam(true)), 0);
        read(&mut side, &ToPeer::Seats(sam(false)), 0);
        let left = "Sam left; a bot plays for Sam until Sam is back.";
        assert_eq!(side.news.as_deref(), Some(left));
        let log = &side.screen.as_ref().expect("a screen").log;
        assert_eq!(log.last().map(String::as_str), Some(left));
        assert!(side.screen.as_ref().is_some_and(|s| s.names[2] == "Bot for Sam"), "the bot, named for Sam");
        read(&mut side, &ToPeer::Seats(sam(true)), 0);
        assert_eq!(side.news.as_deref(), Some("Sam is back."));
    }

    #[test]
    fn the_host_ending_this_pages_place_is_heard_once_and_nothing_after_is_taken() {
        for (notice, end) in [(Notice::Removed, Ended::Removed), (Notice::Closed, Ended::Closed)] {
            let mut side = seated::<Shedding>(&taylor(), 0);
            assert_eq!(read(&mut side, &ToPeer::Notice(notice.clone()), 0), Heard::Ended);
            assert_eq!(side.end, Some(end));
            // Whatever comes after is read but not taken.
            let before = side.seats.clone();
            assert_eq!(read(&mut side, &ToPeer::Seats(seats(Seat::Bot)), 0), Heard::Read);
            assert_eq!(side.seats, before);
        }
    }

    #[test]
    fn bytes_of_another_version_are_dropped_and_say_the_link_is_old() {
        let mut side = seated::<Shedding>(&taylor(), 0);
        assert_eq!(side.read(b"\xff", 0), Heard::Dropped);
        assert!(!side.old, "too short to carry a version: only unreadable");
        let mut other = encode(&ToPeer::<shedding::SeatUpdate, shedding::Refusal, ()>::Pong { t: 1 });
        other[0] ^= 0x40;
        assert_eq!(side.read(&other, 0), Heard::Dropped);
        assert!(side.old);
    }

    #[test]
    fn a_seats_message_renames_the_screen() {
        // Before the seats arrive, seats are numbered.
        let mut side = Side::<Shedding>::default();
        read(&mut side, &welcome(&taylor(), 1), 0);
        let names = |side: &Side<Shedding>| side.screen.as_ref().map(|s| (s.names.clone(), s.levels.clone()));
        let bot = Some(crate::bots::shedding::Level::Normal);
        assert_eq!(names(&side), Some((vec!["Seat 1".into(), "You".into(), "Seat 3".into()], vec![None; 3])));
        read(&mut side, &ToPeer::Seats(seats(Seat::Open)), 0);
        assert_eq!(names(&side), Some((vec!["Ann".into(), "You".into(), "Bot 3".into()], vec![None, None, bot])));
        // Sam takes the free seat: the bot there is Sam now.
        read(&mut side, &ToPeer::Seats(seats(Seat::Friend { name: "Sam".into(), here: true })), 0);
        assert_eq!(names(&side), Some((vec!["Ann".into(), "You".into(), "Sam".into()], vec![None; 3])));
        // The table's words name them so.
        let mut casino = seated::<Casino>(&casino_game(), 0);
        read(&mut casino, &ToPeer::Seats(seats(Seat::Friend { name: "Sam".into(), here: true })), 0);
        let table_names = casino.screen.as_ref().map(|s| s.screen.table_names.clone());
        assert_eq!(table_names, Some(vec!["You".into(), "Jo".into(), "Sam".into()]));
    }

    #[test]
    fn the_log_says_who_called_first() {
        let mut side = seated::<Shedding>(&taylor(), 0);
        let last = |side: &Side<Shedding>| side.screen.as_ref().and_then(|s| s.log.last().cloned());
        read(&mut side, &ToPeer::Notice(Notice::CalledToo { first: 1, too: 2 }), 0);
        assert_eq!(last(&side).as_deref(), Some("Bot 3 called it too; Jo was first."));
        read(&mut side, &ToPeer::Notice(Notice::CalledToo { first: 0, too: 1 }), 0);
        assert_eq!(last(&side).as_deref(), Some("Jo called it too; you were first."));
        // A seat past the table's (a hostile host's) is named, never a panic or a wrap.
        read(&mut side, &ToPeer::Notice(Notice::CalledToo { first: 255, too: 254 }), 0);
        assert_eq!(last(&side).as_deref(), Some("Bot 255 called it too; Bot 256 was first."));
        // UNO's log takes the line too (as it takes who left and came back).
        let mut uno = seated::<Uno>(&uno_game(), 0);
        read(&mut uno, &ToPeer::Notice(Notice::CalledToo { first: 1, too: 2 }), 0);
        let line = uno.screen.as_ref().and_then(|s| s.log.last().cloned());
        assert_eq!(line.as_deref(), Some("Bot 3 called it too; Jo was first."));
    }

    #[test]
    fn a_rejoin_shows_the_seat_whole_on_the_same_screen() {
        let mut game = taylor();
        let mut side = seated::<Shedding>(&game, 0);
        for _ in 0..3 {
            let u = shedding_move(&mut game, 0);
            read(&mut side, &ToPeer::Update(u), 0);
        }
        let screen = side.screen.clone().expect("a screen");
        assert!(!screen.log.is_empty(), "the moves were logged");
        side.sent(shedding::Action::Draw { seat: 0 });
        // The host reopened the table, a few moves on: the same seat, welcomed again.
        shedding_move(&mut game, 0);
        let again = game.update_for(0).expect("a seat");
        assert_eq!(read(&mut side, &welcome(&game, 0), 0), Heard::Read);
        let after = side.screen.as_ref().expect("a screen");
        assert_eq!(after.view, again.view, "the seat whole, as it is now");
        assert_eq!(after.log, screen.log, "the same screen: its log goes on");
        assert_eq!(after.names, screen.names);
        assert_eq!(side.pending, None, "a move sent before the rejoin is not coming back");
        assert_eq!(side.update.as_ref().map(|u| &u.view), Some(&again.view));
        // A welcome to another seat starts that seat's screen ...
        side.take(welcome(&game, 2), 0);
        let other = side.screen.as_ref().expect("a screen");
        let names = vec!["Ann".to_owned(), "Jo".into(), "You".into()];
        let fresh = SeatScreen::new(names.clone(), other.levels.clone(), game.update_for(2).expect("a seat"));
        assert_eq!((other.me(), &other.log, &other.view), (2, &fresh.log, &fresh.view), "a new screen, of seat 2");
        assert_eq!(other.names, names);
        // ... though a host's bytes never bring one: the reader refuses a second welcome to
        // another seat than the first's, and the page keeps its screen.
        let mut side = seated::<Shedding>(&game, 0);
        assert_eq!(read(&mut side, &welcome(&game, 2), 0), Heard::Unfit);
        assert_eq!((side.unfit, side.seat, side.screen.as_ref().map(SeatScreen::me)), (1, Some(0), Some(0)));
    }

    #[test]
    fn a_hosts_last_update_is_read_though_it_left_in_the_same_poll() {
        let mut game = taylor();
        let mut side = Side::<Shedding>::default();
        // The host connects and sends the seats and the welcome in the same poll.
        let hello = vec![(HOST, encode(&M::<Shedding>::Seats(seats(Seat::Open)))), (HOST, encode(&welcome(&game, 0)))];
        let mut heard = Vec::new();
        in_order(vec![(HOST, true)], |&c| c, hello, |e| heard.push(side.link(e, 0)));
        assert_eq!(heard, [Heard::HostCame, Heard::Read, Heard::Read]);
        assert_eq!(side.host(), Some(&HOST));
        // Its last update and its leaving come in one poll (the socket reports the leaving
        // first): the update is the table's, then the host is gone.
        let last = shedding_move(&mut game, 0);
        let bytes = encode(&M::<Shedding>::Update(last.clone()));
        let mut heard = Vec::new();
        in_order(vec![(HOST, false)], |&c| c, vec![(HOST, bytes.clone())], |e| heard.push(side.link(e, 0)));
        assert_eq!(heard, [Heard::Read, Heard::HostLeft]);
        assert_eq!(side.screen.as_ref().map(|s| s.at()), Some(last.state_id));
        assert!(side.host_gone && side.host().is_none());
        // Taken the other way round, the leaving would have dropped the update.
        assert_eq!(side.link(Event::Bytes(HOST, bytes), 0), Heard::Dropped);
        // The host back (a new link): its welcome again.
        assert_eq!(side.link(Event::Connected(8), 0), Heard::HostCame);
        assert!(!side.host_gone);
    }

    #[test]
    fn only_the_hosts_link_is_read() {
        let mut side = Side::<Shedding>::default();
        side.link(Event::Connected(HOST), 0);
        let seats = encode(&M::<Shedding>::Seats(seats(Seat::Open)));
        assert_eq!(side.link(Event::Bytes(3, seats.clone()), 0), Heard::Dropped);
        assert_eq!(side.seats, None);
        assert_eq!(side.link(Event::Bytes(HOST, seats), 0), Heard::Read);
        assert!(side.seats.is_some());
        assert_eq!(side.link(Event::Bytes(HOST, vec![0xff; 3]), 0), Heard::Dropped, "unreadable");
        // A browser that let go before it connected is no host leaving.
        assert_eq!(side.link(Event::Left(3), 0), Heard::Failed);
        assert!(!side.host_gone && side.host() == Some(&HOST));
    }

    #[test]
    fn a_poll_is_taken_connections_first_then_bytes_then_leavings() {
        let peers = vec![(1, false), (2, true), (3, false), (4, true)];
        let arrived = vec![(1, "a"), (2, "b")];
        let mut order = Vec::new();
        in_order(peers, |&c| c, arrived, |e| order.push(e));
        use LinkEvent::{Bytes, Connected, Left};
        assert_eq!(order, [Connected(2), Connected(4), Bytes(1, "a"), Bytes(2, "b"), Left(1), Left(3)]);
    }
}
