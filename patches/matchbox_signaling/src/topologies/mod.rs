use crate::signaling_server::{
    NoCallbacks, NoState, SignalingCallbacks, SignalingState, handlers::WsStateMeta,
};
use async_trait::async_trait;
use futures::{Future, future::BoxFuture};
use std::sync::Arc;

/// An implementation of a client server topolgy
pub mod client_server;
/// An implementation of a full mesh topology
pub mod full_mesh;

#[derive(Clone)]
pub(crate) struct SignalingStateMachine<Cb, S>(
    #[allow(clippy::type_complexity)]
    pub  Arc<Box<dyn Fn(WsStateMeta<Cb, S>) -> BoxFuture<'static, ()> + Send + Sync>>,
);

impl<Cb, S> SignalingStateMachine<Cb, S>
where
    Cb: SignalingCallbacks,
    S: SignalingState,
{
    pub(crate) fn from_topology<Topology>(_: Topology) -> Self
    where
        Topology: SignalingTopology<Cb, S>,
    {
        Self::new(|ws| <Topology as SignalingTopology<Cb, S>>::state_machine(ws))
    }

    pub(crate) fn new<F, Fut>(callback: F) -> Self
    where
        F: Fn(WsStateMeta<Cb, S>) -> Fut + 'static + Send + Sync,
        Fut: Future<Output = ()> + 'static + Send,
    {
        Self(Arc::new(Box::new(move |ws| Box::pin(callback(ws)))))
    }
}

/// Topology produced by the signaling server
#[async_trait]
pub trait SignalingTopology<Cb = NoCallbacks, S = NoState>
where
    Cb: SignalingCallbacks,
    S: SignalingState,
{
    /// A run-to-completion state machine, spawned once for every socket.
    async fn state_machine(upgrade: WsStateMeta<Cb, S>);
}

/// Common, re-usable logic and types shared between topologies and which may be useful if building
/// your own topology.
pub mod common_logic {
    use crate::signaling_server::error::{ClientRequestError, SignalingError};
    use axum::extract::ws::{Message, WebSocket};
    use futures::{SinkExt, stream::SplitSink};
    use matchbox_protocol::JsonPeerRequest;
    use std::{
        str::FromStr,
        sync::{
            Arc, Mutex,
            atomic::{AtomicU64, AtomicUsize, Ordering},
        },
        time::Duration,
    };
    use tokio::sync::mpsc::{self, UnboundedSender};

    // Patched (see the patch's README): limits a server sets once, before it serves.
    static MAX_MESSAGE_SIZE: AtomicUsize = AtomicUsize::new(0);
    static SEND_TIMEOUT_MS: AtomicU64 = AtomicU64::new(0);

    /// Patched: the largest message, and frame, a client may send, in bytes (`0`, the default:
    /// tungstenite's, 64 MB and 16 MB). A larger one is an error on the connection's receiver
    /// before it is read whole. Set it before the server serves.
    pub fn set_max_message_size(bytes: usize) {
        MAX_MESSAGE_SIZE.store(bytes, Ordering::Relaxed);
    }

    pub(crate) fn max_message_size() -> Option<usize> {
        Some(MAX_MESSAGE_SIZE.load(Ordering::Relaxed)).filter(|&n| n > 0)
    }

    /// Patched: how long one message to a client may take to send (`None`, the default: for
    /// ever). A client that does not read for that long loses its connection: its writer task
    /// ends, dropping what is queued for it and its half of the socket (the channel then
    /// refuses, and [`UnboundedSender::closed`] resolves). Set it before the server serves.
    pub fn set_send_timeout(timeout: Option<Duration>) {
        let ms = timeout.map_or(0, |t| {
            u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)
        });
        SEND_TIMEOUT_MS.store(ms, Ordering::Relaxed);
    }

    /// Whether `send` completed without an error, within `timeout`.
    async fn in_time(
        timeout: Option<Duration>,
        send: impl Future<Output = Result<(), axum::Error>>,
    ) -> bool {
        match timeout {
            Some(t) => matches!(tokio::time::timeout(t, send).await, Ok(Ok(()))),
            None => send.await.is_ok(),
        }
    }

    fn send_timeout() -> Option<Duration> {
        Some(SEND_TIMEOUT_MS.load(Ordering::Relaxed))
            .filter(|&n| n > 0)
            .map(Duration::from_millis)
    }

    /// Alias for `Arc<Mutex<T>>`
    pub type StateObj<T> = Arc<Mutex<T>>;

    /// Alias for UnboundedSender<Result<Message, axum::Error>>
    pub type SignalingChannel = UnboundedSender<Result<Message, axum::Error>>;

    /// Send a message to a channel without blocking.
    pub fn try_send(sender: &SignalingChannel, message: Message) -> Result<(), SignalingError> {
        sender.send(Ok(message)).map_err(SignalingError::from)
    }

    /// Helper to parse a request, currently we only support JSON text messages for signaling.
    pub fn parse_request(
        request: Result<Message, axum::Error>,
    ) -> Result<JsonPeerRequest, ClientRequestError> {
        match request? {
            Message::Text(text) => Ok(JsonPeerRequest::from_str(&text)?),
            Message::Close(_) => Err(ClientRequestError::Close),
            m => Err(ClientRequestError::UnsupportedType(m)),
        }
    }

    /// Common helper method to spawn a sender
    ///
    /// Patched: as upstream's `forward` of the channel into the socket, but a send (or the
    /// final close) that does not complete within [`set_send_timeout`] ends the task.
    pub fn spawn_sender_task(
        mut sender: SplitSink<WebSocket, Message>,
    ) -> mpsc::UnboundedSender<Result<Message, axum::Error>> {
        let (client_sender, mut receiver) = mpsc::unbounded_channel();
        let timeout = send_timeout();
        tokio::task::spawn(async move {
            loop {
                match receiver.recv().await {
                    Some(Ok(message)) => {
                        if !in_time(timeout, sender.send(message)).await {
                            return;
                        }
                    }
                    Some(Err(_)) => return,
                    None => break,
                }
            }
            in_time(timeout, sender.close()).await;
        });
        client_sender
    }
}
