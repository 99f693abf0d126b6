//! A fake Discord on 127.0.0.1 — REST and gateway — for the end-to-end tests and the Discord
//! benchmark. It speaks just enough of Discord's API v10 for serenity: it accepts
//! one bot token, answers READY, records every REST call the bot makes (JSON bodies and
//! multipart attachments decoded) and sends INTERACTION_CREATE dispatches built like
//! Discord's. Nothing here talks to the network beyond loopback.
//!
//! It is shard-aware as Discord is: each IDENTIFY's `shard` `[id, count]` (absent: `[0, 1]`)
//! is one connection, READY lists that shard's servers, and an event for a server goes to the
//! connection of its shard, `(guild id >> 22) % count` (one without a server, to shard 0).
//! A channel belongs to the server it was first used in (by [`Fake::slash_from`]), a thread to
//! its parent's; any other channel to [`GUILD`].

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify};
use tokio_tungstenite::tungstenite::Message as Ws;

/// The application (and bot user) id the fake gives the bot.
pub const APPLICATION: u64 = 900_000_000_000_000_001;
/// The server the fake pretends the bot is in (others with [`Fake::join_guild`]).
pub const GUILD: u64 = 900_000_000_000_000_100;

/// The shard of `count` that Discord sends a server's events to.
pub fn shard_of(guild: u64, count: u32) -> u32 {
    ((guild >> 22) % u64::from(count.max(1))) as u32
}

/// A server id whose events go to `shard` of `count`: [`GUILD`] if its own shard is that one,
/// else the next such id above it.
pub fn guild_on_shard(shard: u32, count: u32) -> u64 {
    assert!(shard < count, "shard {shard} of {count} does not exist");
    (0..u64::from(count))
        .map(|k| GUILD + (k << 22))
        .find(|g| shard_of(*g, count) == shard)
        .expect("one of `count` consecutive ids is on each shard")
}
const TIMESTAMP: &str = "2026-11-29T12:00:00.000000+00:00";

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    /// The path after `/api/v10`, e.g. `/interactions/5/tok-5/callback`.
    pub path: String,
    /// The JSON body (or the multipart's `payload_json`).
    pub json: Value,
    /// Attachments: file name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// When the fake had read the whole request.
    pub at: Instant,
    /// The id the fake gave the message this call created or edited, if any.
    pub message: Option<u64>,
}

impl Recorded {
    /// The message text of a callback, follow-up or post.
    pub fn content(&self) -> &str {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("content").and_then(Value::as_str).unwrap_or("")
    }

    fn data(&self) -> &Value {
        self.json.get("data").unwrap_or(&self.json)
    }

    /// Whether only the acting user sees it (flag 64).
    pub fn ephemeral(&self) -> bool {
        self.data()
            .get("flags")
            .and_then(Value::as_u64)
            .is_some_and(|f| f & 64 != 0)
    }

    /// The buttons' custom ids, in order.
    pub fn buttons(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(rows) = self.data().get("components").and_then(Value::as_array) {
            for row in rows {
                for b in row
                    .get("components")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(id) = b.get("custom_id").and_then(Value::as_str) {
                        out.push(id.to_string());
                    }
                }
            }
        }
        out
    }

    /// The users the message may ping.
    pub fn allowed_users(&self) -> Vec<String> {
        self.data()
            .get("allowed_mentions")
            .and_then(|m| m.get("users"))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|u| {
                        u.as_str()
                            .map(str::to_string)
                            .or_else(|| u.as_u64().map(|n| n.to_string()))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The first PNG attached, if any.
    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(name, _)| name.ends_with(".png"))
            .map(|(_, b)| b.as_slice())
    }

    /// The roles the message may ping.
    pub fn allowed_roles(&self) -> Vec<String> {
        self.data()
            .get("allowed_mentions")
            .and_then(|m| m.get("roles"))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|r| r.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Autocomplete choices as (name, value).
    pub fn choices(&self) -> Vec<(String, String)> {
        self.data()
            .get("choices")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|c| {
                        let s = |k: &str| {
                            c.get(k)
                                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                                .unwrap_or_default()
                        };
                        (s("name"), s("value"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The interaction callback type (4 message, 5 deferred, 8 autocomplete), if a callback.
    pub fn callback_type(&self) -> Option<u64> {
        self.json.get("type").and_then(Value::as_u64)
    }
}

/// A way the fake can misbehave, as a real server (or a network) sometimes does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fault {
    /// Answers as Discord would.
    #[default]
    None,
    /// REST: accepts each connection, reads the request, and never answers.
    Silent,
    /// REST: answers every call with HTTP 500 and an error message that repeats the bot token.
    EchoToken,
    /// Gateway: accepts each connection and never says anything (REST works).
    SilentGateway,
}

/// An interaction the fake sent, to find its answers.
#[derive(Clone, Debug)]
pub struct Sent {
    pub id: u64,
    pub token: String,
    pub at: Instant,
    /// The shard whose connection it went on (`None`: no connection for that shard).
    pub shard: Option<u32>,
}

/// One bot connection to the gateway: its shard's writer and the last sequence number sent.
struct Connection {
    count: u32,
    tx: mpsc::UnboundedSender<String>,
    seq: u64,
}

struct State {
    token: String,
    ws_url: Mutex<String>,
    requests: Mutex<Vec<Recorded>>,
    /// Callbacks by interaction token.
    callbacks: Mutex<HashMap<String, Recorded>>,
    changed: Notify,
    /// The bot's gateway connections, by shard id.
    gateway: Mutex<HashMap<u32, Connection>>,
    readies: AtomicU64,
    /// READYs sent, by shard id.
    shard_readies: Mutex<HashMap<u32, u64>>,
    /// Dispatches sent after READY, by shard id.
    dispatched: Mutex<HashMap<u32, u64>>,
    /// The servers the bot is in.
    guilds: Mutex<Vec<u64>>,
    /// The server of each channel (and thread) seen in one; the others are in [`GUILD`].
    channel_guilds: Mutex<HashMap<u64, u64>>,
    next_id: AtomicU64,
    /// The text and buttons of every message the bot created, by message id.
    messages: Mutex<HashMap<u64, (u64, Value)>>,
    /// The channel of each interaction, by token.
    channels: Mutex<HashMap<String, u64>>,
    fault: Mutex<Fault>,
    /// Members given the Manage Server permission.
    managers: Mutex<Vec<u64>>,
    /// Herald's permissions in every channel (Discord's `app_permissions`).
    app_permissions: AtomicU64,
    /// The threads the bot opened: id, parent channel and name, in order.
    threads: Mutex<Vec<(u64, u64, String)>>,
    /// Channels deleted (posting there is answered "Unknown Channel").
    deleted: Mutex<HashSet<u64>>,
    /// Direct-message channels opened, by user.
    dms: Mutex<HashMap<u64, u64>>,
    /// Users whose direct messages are closed to the bot.
    closed_dms: Mutex<HashSet<u64>>,
    /// Threads archived now (posting in one unarchives it, as on Discord).
    archived: Mutex<HashSet<u64>>,
    /// Members' nicknames on the server.
    nicks: Mutex<HashMap<u64, String>>,
    /// Whether opening a thread is refused with "Missing Permissions" (50013) although the
    /// interaction said Herald may.
    refuse_threads: std::sync::atomic::AtomicBool,
}

impl State {
    /// The server a channel (or thread) is in: where it was first used, else [`GUILD`].
    fn guild_of(&self, channel: u64) -> u64 {
        let guilds = self.channel_guilds.lock().unwrap();
        guilds.get(&channel).copied().unwrap_or(GUILD)
    }
}

/// The fake Discord. Dropping it stops nothing: its tasks end with the runtime.
#[derive(Clone)]
pub struct Fake {
    state: Arc<State>,
    api_base: String,
}

impl Fake {
    /// Starts the REST and gateway listeners on free loopback ports; `token` is the one
    /// bot token they accept.
    pub async fn start(token: &str) -> std::io::Result<Fake> {
        let rest = TcpListener::bind("127.0.0.1:0").await?;
        let gateway = TcpListener::bind("127.0.0.1:0").await?;
        let api_base = format!("http://{}", rest.local_addr()?);
        let state = Arc::new(State {
            token: token.to_string(),
            ws_url: Mutex::new(format!("ws://{}", gateway.local_addr()?)),
            requests: Mutex::new(Vec::new()),
            callbacks: Mutex::new(HashMap::new()),
            changed: Notify::new(),
            gateway: Mutex::new(HashMap::new()),
            readies: AtomicU64::new(0),
            shard_readies: Mutex::new(HashMap::new()),
            dispatched: Mutex::new(HashMap::new()),
            guilds: Mutex::new(vec![GUILD]),
            channel_guilds: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1_000),
            messages: Mutex::new(HashMap::new()),
            channels: Mutex::new(HashMap::new()),
            fault: Mutex::new(Fault::None),
            managers: Mutex::new(Vec::new()),
            app_permissions: AtomicU64::new(EVERYONE),
            threads: Mutex::new(Vec::new()),
            deleted: Mutex::new(HashSet::new()),
            dms: Mutex::new(HashMap::new()),
            closed_dms: Mutex::new(HashSet::new()),
            archived: Mutex::new(HashSet::new()),
            refuse_threads: Default::default(),
            nicks: Mutex::new(HashMap::new()),
        });
        let s = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = rest.accept().await {
                tokio::spawn(serve_rest(s.clone(), stream));
            }
        });
        let s = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = gateway.accept().await {
                tokio::spawn(serve_gateway(s.clone(), stream));
            }
        });
        Ok(Fake { state, api_base })
    }

    /// From now on, misbehave this way (for connections and requests that come after).
    /// Gives `user` the Manage Server permission in the fake's server.
    pub fn grant_manage_server(&self, user: u64) {
        self.state.managers.lock().unwrap().push(user);
    }

    /// Takes Create Public Threads and Send Messages in Threads from Herald.
    pub fn deny_threads(&self) {
        let without = EVERYONE & !(1 << 35) & !(1 << 38);
        self.state.app_permissions.store(without, Ordering::SeqCst);
    }

    /// The threads the bot opened so far: id, parent channel and name.
    pub fn threads(&self) -> Vec<(u64, u64, String)> {
        self.state.threads.lock().unwrap().clone()
    }

    /// Waits for the bot to open its `n`th thread (from 1) and returns its id.
    pub async fn wait_thread(&self, n: usize, timeout: Duration) -> Option<u64> {
        self.wait(timeout, || self.threads().get(n - 1).map(|t| t.0))
            .await
    }

    /// `user` closes their direct messages to the bot ("Cannot send messages to this user").
    pub fn close_dms(&self, user: u64) {
        self.state.closed_dms.lock().unwrap().insert(user);
    }

    /// The direct messages the bot sent `user`, in order.
    pub fn dms_to(&self, user: u64) -> Vec<Recorded> {
        match self.state.dms.lock().unwrap().get(&user) {
            Some(&dm) => self.posts_in(dm),
            None => Vec::new(),
        }
    }

    /// The bot's posts in a channel (not interaction answers), in order.
    pub fn posts_in(&self, channel: u64) -> Vec<Recorded> {
        let path = format!("/channels/{channel}/messages");
        self.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path.ends_with(&path))
            .collect()
    }

    /// Waits for the bot's `n`th post (from 1) in a channel.
    pub async fn wait_post(&self, channel: u64, n: usize, timeout: Duration) -> Option<Recorded> {
        self.wait(timeout, || self.posts_in(channel).get(n - 1).cloned())
            .await
    }

    /// A moderator deletes a thread: Discord says so on the gateway, and posting there fails.
    pub fn delete_thread(&self, thread: u64) {
        self.state.deleted.lock().unwrap().insert(thread);
        let parent = self.parent_of(thread);
        let guild = self.state.guild_of(thread);
        self.dispatch(
            "THREAD_DELETE",
            json!({"id": thread.to_string(), "guild_id": guild.to_string(),
                   "parent_id": parent.to_string(), "type": 11}),
        );
    }

    /// The thread is deleted without Discord saying so (the bot missed the event).
    pub fn delete_thread_silently(&self, thread: u64) {
        self.state.deleted.lock().unwrap().insert(thread);
    }

    /// Opening a thread is refused with "Missing Permissions" from now on (a channel whose
    /// overwrites deny it, which the interaction's permissions did not show).
    pub fn refuse_threads(&self) {
        self.state.refuse_threads.store(true, Ordering::SeqCst);
    }

    /// Gives `user` a nickname on the server.
    pub fn set_nick(&self, user: u64, nick: &str) {
        self.state
            .nicks
            .lock()
            .unwrap()
            .insert(user, nick.to_string());
    }

    /// Whether a thread is archived now.
    pub fn is_archived(&self, thread: u64) -> bool {
        self.state.archived.lock().unwrap().contains(&thread)
    }

    /// Discord archives a thread without saying so (the bot was away when it happened).
    pub fn archive_silently(&self, thread: u64) {
        self.state.archived.lock().unwrap().insert(thread);
    }

    /// `user` runs `/name` in a direct message with the bot (no server), or in another server.
    pub fn slash_from(
        &self,
        guild: Option<u64>,
        user: u64,
        channel: u64,
        name: &str,
        options: Vec<Value>,
    ) -> Sent {
        let users: serde_json::Map<String, Value> = options
            .iter()
            .filter(|o| o["type"] == 6)
            .filter_map(|o| o["value"].as_str())
            .map(|id| (id.to_string(), user_json(id.parse().unwrap_or(1))))
            .collect();
        let mut data = json!({"id": "700000000000000001", "name": name, "type": 1,
                              "options": options, "resolved": {"users": users}});
        if let Some(g) = guild {
            data["guild_id"] = json!(g.to_string());
            self.state
                .channel_guilds
                .lock()
                .unwrap()
                .entry(channel)
                .or_insert(g);
        }
        let (sent, mut payload) = self.interaction(2, user, channel, json!({"data": data}));
        match guild {
            Some(g) => payload["guild_id"] = json!(g.to_string()),
            None => {
                let p = payload.as_object_mut().expect("an object");
                p.remove("guild_id");
                p.remove("member");
                p.insert("user".into(), user_json(user));
                p.insert("context".into(), json!(1));
                p.insert(
                    "channel".into(),
                    json!({"id": channel.to_string(), "type": 1}),
                );
            }
        }
        self.send((sent, payload))
    }

    /// Discord archives a thread after its days of silence, or a moderator locks it.
    pub fn archive_thread(&self, thread: u64, locked: bool) {
        self.state.archived.lock().unwrap().insert(thread);
        let parent = self.parent_of(thread);
        let name = self
            .threads()
            .into_iter()
            .find(|t| t.0 == thread)
            .map(|t| t.2)
            .unwrap_or_default();
        let guild = self.state.guild_of(thread);
        self.dispatch(
            "THREAD_UPDATE",
            thread_json(thread, guild, parent, &name, true, locked),
        );
    }

    fn parent_of(&self, thread: u64) -> u64 {
        self.threads()
            .into_iter()
            .find(|t| t.0 == thread)
            .map_or(0, |t| t.1)
    }

    pub fn set_fault(&self, fault: Fault) {
        *self.state.fault.lock().unwrap() = fault;
    }

    /// What to put in DISCORD_API_BASE.
    pub fn api_base(&self) -> &str {
        &self.api_base
    }

    /// How many times a bot has identified and been sent READY.
    pub fn readies(&self) -> u64 {
        self.state.readies.load(Ordering::SeqCst)
    }

    /// How many times READY has been sent for shard `shard` (of any count).
    pub fn readies_on(&self, shard: u32) -> u64 {
        let readies = self.state.shard_readies.lock().unwrap();
        readies.get(&shard).copied().unwrap_or(0)
    }

    /// Waits until READY has been sent `n` times for shard `shard`.
    pub async fn wait_ready_on(&self, shard: u32, n: u64, timeout: Duration) -> bool {
        self.wait(timeout, || (self.readies_on(shard) >= n).then_some(()))
            .await
            .is_some()
    }

    /// How many events (interactions, thread updates, …) went on shard `shard`'s connections.
    pub fn dispatches_on(&self, shard: u32) -> u64 {
        let dispatched = self.state.dispatched.lock().unwrap();
        dispatched.get(&shard).copied().unwrap_or(0)
    }

    /// The bot is in `guild` too: READY lists it, on its shard.
    pub fn join_guild(&self, guild: u64) {
        let mut guilds = self.state.guilds.lock().unwrap();
        if !guilds.contains(&guild) {
            guilds.push(guild);
        }
    }

    /// Waits until READY has been sent `n` times in all.
    pub async fn wait_ready(&self, n: u64, timeout: Duration) -> bool {
        self.wait(timeout, || (self.readies() >= n).then_some(()))
            .await
            .is_some()
    }

    /// Every REST call so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Waits for the first REST call (from the start) that `pick` accepts.
    pub async fn wait_request(
        &self,
        timeout: Duration,
        pick: impl Fn(&Recorded) -> bool,
    ) -> Option<Recorded> {
        self.wait(timeout, || {
            self.state
                .requests
                .lock()
                .unwrap()
                .iter()
                .find(|r| pick(r))
                .cloned()
        })
        .await
    }

    /// Waits until `check` finds something (checked again after every REST call).
    pub async fn wait<T>(&self, timeout: Duration, check: impl Fn() -> Option<T>) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.state.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(found) = check() {
                return Some(found);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return check();
            }
        }
    }

    /// The bot's answer to an interaction: the callback, waited for.
    pub async fn callback(&self, sent: &Sent, timeout: Duration) -> Option<Recorded> {
        self.wait(timeout, || {
            self.state
                .callbacks
                .lock()
                .unwrap()
                .get(&sent.token)
                .cloned()
        })
        .await
    }

    /// Follow-ups and edits of an interaction's original message, so far.
    pub fn followups(&self, sent: &Sent) -> Vec<Recorded> {
        let needle = format!("/{}", sent.token);
        self.requests()
            .into_iter()
            .filter(|r| r.path.starts_with("/webhooks/") && r.path.contains(&needle))
            .collect()
    }

    fn id(&self) -> u64 {
        self.state.next_id.fetch_add(1, Ordering::SeqCst)
    }

    /// Sends an event on the connection of its server's shard (shard 0 without a server);
    /// the shard it went to, if that shard is connected.
    fn dispatch(&self, event: &str, data: Value) -> Option<u32> {
        let guild = data["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        // Numbered and queued under one lock, so the bot sees each shard's sequence in order.
        let mut gateway = self.state.gateway.lock().unwrap();
        let (&shard, connection) = gateway.iter_mut().find(|(&id, c)| match guild {
            Some(g) => shard_of(g, c.count) == id,
            None => id == 0,
        })?;
        connection.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": connection.seq, "d": data}).to_string();
        if connection.tx.send(frame).is_err() {
            return None;
        }
        *self
            .state
            .dispatched
            .lock()
            .unwrap()
            .entry(shard)
            .or_insert(0) += 1;
        Some(shard)
    }

    fn interaction(&self, kind: u8, user: u64, channel: u64, extra: Value) -> (Sent, Value) {
        let id = self.id();
        let token = format!("tok-{id}");
        // Everyone's permissions, and Manage Server (0x20) for the managers.
        let permissions = EVERYONE
            | if self.state.managers.lock().unwrap().contains(&user) {
                0x20
            } else {
                0
            };
        self.state
            .channels
            .lock()
            .unwrap()
            .insert(token.clone(), channel);
        let guild = self.state.guild_of(channel);
        let mut payload = json!({
            "id": id.to_string(),
            "application_id": APPLICATION.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": guild.to_string(),
            "channel_id": channel.to_string(),
            "member": {
                "user": user_json(user),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": false,
                "mute": false,
                "flags": 0,
                "pending": false,
                "permissions": permissions.to_string(),
            },
            "app_permissions": self.state.app_permissions.load(Ordering::SeqCst).to_string(),
            "channel": {
                "id": channel.to_string(),
                "type": if self.parent_of(channel) != 0 { 11 } else { 0 },
            },
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild.to_string()},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        if let (Some(p), Some(e)) = (payload.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                p.insert(k.clone(), v.clone());
            }
        }
        (
            Sent {
                id,
                token,
                at: Instant::now(),
                shard: None,
            },
            payload,
        )
    }

    fn send(&self, (mut sent, payload): (Sent, Value)) -> Sent {
        sent.at = Instant::now();
        sent.shard = self.dispatch("INTERACTION_CREATE", payload);
        if sent.shard.is_none() {
            tracing::warn!("the fake has no gateway connection to send the interaction on");
        }
        sent
    }

    /// `user` runs `/name` in `channel` with `options` (see [`opt`] and [`user_opt`]).
    pub fn slash(&self, user: u64, channel: u64, name: &str, options: Vec<Value>) -> Sent {
        self.slash_from(Some(GUILD), user, channel, name, options)
    }

    /// `user` types `typed` into option `focus` of `/name`, the other options already set.
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        focus: &str,
        typed: &str,
        others: Vec<Value>,
    ) -> Sent {
        self.autocomplete_kind(user, channel, name, (focus, 3), typed, others)
    }

    /// As [`Fake::autocomplete`], into an option of this type (4: an integer).
    pub fn autocomplete_kind(
        &self,
        user: u64,
        channel: u64,
        name: &str,
        (focus, kind): (&str, u8),
        typed: &str,
        mut others: Vec<Value>,
    ) -> Sent {
        others.push(json!({"name": focus, "type": kind, "value": typed, "focused": true}));
        let data = json!({
            "id": "700000000000000002",
            "name": name,
            "type": 1,
            "options": others,
            "guild_id": self.state.guild_of(channel).to_string(),
        });
        self.send(self.interaction(4, user, channel, json!({"data": data})))
    }

    /// `user` presses the button `custom_id` on the message the bot created as `message`.
    pub fn press(&self, user: u64, message: u64, custom_id: &str) -> Sent {
        let (channel, body) = self
            .state
            .messages
            .lock()
            .unwrap()
            .get(&message)
            .cloned()
            .unwrap_or((0, json!({})));
        let content = body.get("content").cloned().unwrap_or(json!(""));
        let components = body.get("components").cloned().unwrap_or(json!([]));
        let guild = self.state.guild_of(channel);
        let msg = message_json(message, guild, channel, &content, &components);
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.send(self.interaction(3, user, channel, json!({"data": data, "message": msg})))
    }
}

/// A string, integer or boolean option of a slash command.
pub fn opt(name: &str, value: impl Into<Value>) -> Value {
    let value = value.into();
    let kind = match &value {
        Value::Bool(_) => 5,
        Value::Number(_) => 4,
        _ => 3,
    };
    json!({"name": name, "type": kind, "value": value})
}

/// A user option.
pub fn user_opt(name: &str, user: u64) -> Value {
    json!({"name": name, "type": 6, "value": user.to_string()})
}

/// A channel option.
pub fn channel_opt(name: &str, channel: u64) -> Value {
    json!({"name": name, "type": 7, "value": channel.to_string()})
}

/// A role option.
pub fn role_opt(name: &str, role: u64) -> Value {
    json!({"name": name, "type": 8, "value": role.to_string()})
}

fn user_json(id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "username": format!("player{id}"),
        "discriminator": "0",
        "global_name": format!("Player {id}"),
        "avatar": null,
        "bot": id == APPLICATION,
        "public_flags": 0,
    })
}

/// The bot's own user, as `/users/@me` and READY describe it.
fn bot_user() -> Value {
    let mut me = user_json(APPLICATION);
    me["username"] = json!("Herald");
    me["global_name"] = Value::Null;
    me["verified"] = json!(true);
    me["mfa_enabled"] = json!(false);
    me
}

/// The permissions of a member in the fake's server (and Herald's, unless denied).
const EVERYONE: u64 = 2_248_473_465_835_073;

fn thread_json(
    id: u64,
    guild: u64,
    parent: u64,
    name: &str,
    archived: bool,
    locked: bool,
) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "type": 11,
        "name": name,
        "owner_id": APPLICATION.to_string(),
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": 10080,
            "archive_timestamp": TIMESTAMP,
            "locked": locked,
        },
    })
}

fn message_json(id: u64, guild: u64, channel: u64, content: &Value, components: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "guild_id": guild.to_string(),
        "author": user_json(APPLICATION),
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "application_id": APPLICATION.to_string(),
        "components": components,
    })
}

struct HttpRequest {
    method: String,
    path: String,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

/// Reads more of the stream into `buf`; `None` once the peer has closed it.
async fn read_more(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<()> {
    let mut chunk = [0u8; 65536];
    let n = stream.read(&mut chunk).await.ok()?;
    buf.extend_from_slice(&chunk[..n]);
    (n > 0).then_some(())
}

/// Reads until `buf` holds `marker`; where it starts.
async fn read_until(stream: &mut TcpStream, buf: &mut Vec<u8>, marker: &[u8]) -> Option<usize> {
    loop {
        if let Some(i) = buf.windows(marker.len()).position(|w| w == marker) {
            return Some(i);
        }
        read_more(stream, buf).await?;
    }
}

/// Reads until `buf` holds at least `len` bytes.
async fn read_at_least(stream: &mut TcpStream, buf: &mut Vec<u8>, len: usize) -> Option<()> {
    while buf.len() < len {
        read_more(stream, buf).await?;
    }
    Some(())
}

async fn read_request(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<HttpRequest> {
    let head_end = read_until(stream, buf, b"\r\n\r\n").await?;
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    buf.drain(..head_end + 4);
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split_whitespace();
    let method = first.next()?.to_string();
    let target = first.next()?.to_string();
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = Vec::new();
    if headers
        .get("transfer-encoding")
        .is_some_and(|t| t.eq_ignore_ascii_case("chunked"))
    {
        loop {
            let line_end = read_until(stream, buf, b"\r\n").await?;
            let size_text = String::from_utf8_lossy(&buf[..line_end]).to_string();
            let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
            buf.drain(..line_end + 2);
            read_at_least(stream, buf, size + 2).await?;
            body.extend_from_slice(&buf[..size]);
            buf.drain(..size + 2);
            if size == 0 {
                break;
            }
        }
    } else {
        let len: usize = headers
            .get("content-length")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        read_at_least(stream, buf, len).await?;
        body = buf.drain(..len).collect();
    }
    let path = target
        .split('?')
        .next()
        .unwrap_or("")
        .trim_start_matches("/api/v10")
        .to_string();
    Some(HttpRequest {
        method,
        path,
        headers,
        body,
    })
}

/// The JSON payload and the files of a request body, JSON or multipart.
fn decode_body(req: &HttpRequest) -> (Value, Vec<(String, Vec<u8>)>) {
    let kind = req.headers.get("content-type").cloned().unwrap_or_default();
    let Some(boundary) = kind
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
    else {
        return (
            serde_json::from_slice(&req.body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let mut json = Value::Null;
    let mut files = Vec::new();
    let body = &req.body;
    let marks: Vec<usize> = body
        .windows(boundary.len())
        .enumerate()
        .filter(|(_, w)| *w == boundary.as_bytes())
        .map(|(i, _)| i)
        .collect();
    for pair in marks.windows(2) {
        let part = &body[pair[0] + boundary.len()..pair[1]];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(split) = part.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let disposition = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
            .unwrap_or("");
        let field = |key: &str| {
            disposition
                .split(';')
                .map(str::trim)
                .find_map(|p| p.strip_prefix(&format!("{key}=")))
                .map(|v| v.trim_matches('"').to_string())
        };
        match (field("name"), field("filename")) {
            (Some(name), _) if name == "payload_json" => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null)
            }
            (_, Some(file)) => files.push((file, content.to_vec())),
            _ => {}
        }
    }
    (json, files)
}

async fn respond(stream: &mut TcpStream, status: u16, body: Option<Value>) -> bool {
    let reason = match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        401 => "Unauthorized",
        403 => "Forbidden",
        500 => "Internal Server Error",
        _ => "Not Found",
    };
    let text = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        text.len()
    );
    stream.write_all(head.as_bytes()).await.is_ok()
        && stream.write_all(text.as_bytes()).await.is_ok()
}

async fn serve_rest(state: Arc<State>, mut stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let mut buf = Vec::new();
    while let Some(req) = read_request(&mut stream, &mut buf).await {
        let (json, files) = decode_body(&req);
        let at = Instant::now();
        let fault = *state.fault.lock().unwrap();
        let authorised = req.headers.get("authorization").map(String::as_str)
            == Some(&format!("Bot {}", state.token));
        let parts: Vec<&str> = req.path.trim_matches('/').split('/').collect();
        let new_id = || state.next_id.fetch_add(1, Ordering::SeqCst);
        let channel_of = |token: &str| {
            state
                .channels
                .lock()
                .unwrap()
                .get(token)
                .copied()
                .unwrap_or(0)
        };
        let mut message = None;
        let (status, body) = match (req.method.as_str(), parts.as_slice()) {
            _ if fault == Fault::Silent => (0, None),
            _ if fault == Fault::EchoToken => (
                500,
                Some(json!({
                    "message": format!("internal error while serving Bot {}", state.token),
                    "code": 0,
                    "errors": {"token": {"_errors": [
                        {"code": "TOKEN", "message": format!("{} was not expected here", state.token)}
                    ]}},
                })),
            ),
            // Interaction answers are authorised by their token, as on Discord.
            ("POST", ["interactions", _, token, "callback"]) => {
                let id = new_id();
                let channel = channel_of(token);
                state
                    .messages
                    .lock()
                    .unwrap()
                    .insert(id, (channel, json.get("data").cloned().unwrap_or_default()));
                message = Some(id);
                (204, None)
            }
            ("PATCH", ["webhooks", _, token, "messages", "@original"])
            | ("POST", ["webhooks", _, token]) => {
                let id = new_id();
                let channel = channel_of(token);
                message = Some(id);
                (200, Some(keep_message(&state, id, channel, &json)))
            }
            ("DELETE", ["webhooks", _, _, "messages", "@original"]) => (204, None),
            _ if !authorised => (
                401,
                Some(json!({"message": "401: Unauthorized", "code": 0})),
            ),
            ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => {
                let url = state.ws_url.lock().unwrap().clone();
                (
                    200,
                    Some(
                        json!({"url": url, "shards": 1, "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
                    ),
                )
            }
            ("GET", ["users", "@me"]) => (200, Some(bot_user())),
            ("PUT", ["applications", app, "commands"])
            | ("PUT", ["applications", app, "guilds", _, "commands"]) => {
                let guild = parts.get(3).filter(|_| parts.len() == 5).copied();
                let list: Vec<Value> = json
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|mut c| {
                        c["id"] = json!(new_id().to_string());
                        c["application_id"] = json!(app);
                        c["version"] = json!("1");
                        c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                        if let Some(g) = guild {
                            c["guild_id"] = json!(g);
                        }
                        c
                    })
                    .collect();
                (200, Some(Value::Array(list)))
            }
            ("POST", ["channels", channel, "messages"])
                if state
                    .deleted
                    .lock()
                    .unwrap()
                    .contains(&channel.parse().unwrap_or(0)) =>
            {
                (
                    404,
                    Some(json!({"message": "Unknown Channel", "code": 10003})),
                )
            }
            ("POST", ["users", "@me", "channels"]) => {
                let user: u64 = match &json["recipient_id"] {
                    Value::String(u) => u.parse().unwrap_or(0),
                    other => other.as_u64().unwrap_or(0),
                };
                let dm = *state.dms.lock().unwrap().entry(user).or_insert_with(new_id);
                (
                    200,
                    Some(
                        json!({"id": dm.to_string(), "type": 1, "last_message_id": null,
                                "recipients": [user_json(user)]}),
                    ),
                )
            }
            ("POST", ["channels", channel, "messages"])
                if state.dms.lock().unwrap().iter().any(|(user, dm)| {
                    dm.to_string() == *channel && state.closed_dms.lock().unwrap().contains(user)
                }) =>
            {
                (
                    403,
                    Some(json!({"message": "Cannot send messages to this user", "code": 50007})),
                )
            }
            ("POST", ["channels", _, "threads"])
            | ("POST", ["channels", _, "messages", _, "threads"])
                if state.refuse_threads.load(Ordering::SeqCst) =>
            {
                (
                    403,
                    Some(json!({"message": "Missing Permissions", "code": 50013})),
                )
            }
            ("POST", ["channels", parent, "threads"])
            | ("POST", ["channels", parent, "messages", _, "threads"]) => {
                let id = new_id();
                let parent: u64 = parent.parse().unwrap_or(0);
                let name = json["name"].as_str().unwrap_or("").to_string();
                state
                    .threads
                    .lock()
                    .unwrap()
                    .push((id, parent, name.clone()));
                // A thread is in its parent channel's server.
                let guild = state.guild_of(parent);
                state.channel_guilds.lock().unwrap().insert(id, guild);
                (
                    201,
                    Some(thread_json(id, guild, parent, &name, false, false)),
                )
            }
            ("PATCH", ["channels", thread]) => {
                let id: u64 = thread.parse().unwrap_or(0);
                let (parent, name) = state
                    .threads
                    .lock()
                    .unwrap()
                    .iter()
                    .find(|t| t.0 == id)
                    .map(|t| (t.1, t.2.clone()))
                    .unwrap_or_default();
                let archived = json["archived"].as_bool().unwrap_or(false);
                if !archived {
                    state.archived.lock().unwrap().remove(&id);
                }
                let guild = state.guild_of(id);
                (
                    200,
                    Some(thread_json(id, guild, parent, &name, archived, false)),
                )
            }
            ("GET", ["guilds", guild, "members", id]) => {
                let id: u64 = id.parse().unwrap_or(0);
                let nick = state.nicks.lock().unwrap().get(&id).cloned();
                let user = if id == APPLICATION {
                    bot_user()
                } else {
                    user_json(id)
                };
                (
                    200,
                    Some(
                        json!({"user": user, "nick": nick, "roles": [], "guild_id": guild,
                                "joined_at": TIMESTAMP, "deaf": false, "mute": false,
                                "flags": 0, "pending": false}),
                    ),
                )
            }
            ("GET", ["users", id]) if *id == APPLICATION.to_string() => (200, Some(bot_user())),
            ("GET", ["users", id]) => (200, Some(user_json(id.parse().unwrap_or(0)))),
            ("POST", ["channels", channel, "messages"]) => {
                let id = new_id();
                let channel: u64 = channel.parse().unwrap_or(0);
                // A message in an archived thread brings it back, as on Discord.
                state.archived.lock().unwrap().remove(&channel);
                message = Some(id);
                (200, Some(keep_message(&state, id, channel, &json)))
            }
            ("PATCH", ["channels", channel, "messages", id]) => {
                let channel: u64 = channel.parse().unwrap_or(0);
                let id: u64 = id.parse().unwrap_or(0);
                if let Some(m) = state.messages.lock().unwrap().get_mut(&id) {
                    if let (Some(old), Some(new)) = (m.1.as_object_mut(), json.as_object()) {
                        for (k, v) in new {
                            old.insert(k.clone(), v.clone());
                        }
                    }
                }
                message = Some(id);
                let content = json.get("content").cloned().unwrap_or(json!(""));
                let components = json.get("components").cloned().unwrap_or(json!([]));
                (
                    200,
                    Some(message_json(
                        id,
                        state.guild_of(channel),
                        channel,
                        &content,
                        &components,
                    )),
                )
            }
            _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
        };
        let recorded = Recorded {
            method: req.method.clone(),
            path: req.path.clone(),
            json,
            files,
            at,
            message,
        };
        if let ["interactions", _, token, "callback"] = parts.as_slice() {
            state
                .callbacks
                .lock()
                .unwrap()
                .insert(token.to_string(), recorded.clone());
        }
        state.requests.lock().unwrap().push(recorded);
        state.changed.notify_waiters();
        if fault == Fault::Silent {
            // Holds the connection open and says nothing, for as long as the bot waits.
            std::future::pending::<()>().await;
        }
        if !respond(&mut stream, status, body).await {
            return;
        }
    }
}

/// Keeps a message the bot posted, as `id` in `channel`; the message as Discord returns it.
fn keep_message(state: &State, id: u64, channel: u64, json: &Value) -> Value {
    state
        .messages
        .lock()
        .unwrap()
        .insert(id, (channel, json.clone()));
    let content = json.get("content").cloned().unwrap_or(json!(""));
    let components = json.get("components").cloned().unwrap_or(json!([]));
    message_json(id, state.guild_of(channel), channel, &content, &components)
}

async fn serve_gateway(state: Arc<State>, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    if *state.fault.lock().unwrap() == Fault::SilentGateway {
        // Holds the connection (owned here) open and says nothing.
        std::future::pending::<()>().await;
    }
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(frame) = rx.recv().await {
            if sink.send(Ws::Text(frame)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.send(json!({"op": 10, "d": {"heartbeat_interval": 41_250}}).to_string());
    // The shard this connection identified as.
    let mut shard = None;
    while let Some(Ok(frame)) = source.next().await {
        let text = match frame {
            Ws::Text(t) => t,
            Ws::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v["op"].as_u64() {
            Some(1) => {
                let _ = tx.send(json!({"op": 11}).to_string());
            }
            Some(2) => {
                let given = v["d"]["token"].as_str().unwrap_or("");
                if given.trim_start_matches("Bot ") != state.token {
                    let _ = tx.send(json!({"op": 9, "d": false}).to_string());
                    break;
                }
                let session = format!("session-{}", state.next_id.fetch_add(1, Ordering::SeqCst));
                let url = state.ws_url.lock().unwrap().clone();
                let number = |i: usize, default: u64| {
                    v["d"]["shard"][i]
                        .as_u64()
                        .and_then(|n| u32::try_from(n).ok())
                        .unwrap_or(default as u32)
                };
                let (id, count) = (number(0, 0), number(1, 1).max(1));
                let guilds: Vec<Value> = state
                    .guilds
                    .lock()
                    .unwrap()
                    .iter()
                    .filter(|g| shard_of(**g, count) == id)
                    .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                    .collect();
                let ready = json!({
                    "op": 0, "t": "READY", "s": 1,
                    "d": {
                        "v": 10,
                        "user": bot_user(),
                        "guilds": guilds,
                        "session_id": session,
                        "resume_gateway_url": url,
                        "shard": [id, count],
                        "application": {"id": APPLICATION.to_string(), "flags": 0},
                    }
                });
                {
                    let mut gateway = state.gateway.lock().unwrap();
                    let _ = tx.send(ready.to_string());
                    gateway.insert(
                        id,
                        Connection {
                            count,
                            tx: tx.clone(),
                            seq: 1,
                        },
                    );
                    shard = Some(id);
                }
                state.readies.fetch_add(1, Ordering::SeqCst);
                *state.shard_readies.lock().unwrap().entry(id).or_insert(0) += 1;
                state.changed.notify_waiters();
            }
            Some(6) => {
                // No resuming here: ask for a fresh IDENTIFY.
                let _ = tx.send(json!({"op": 9, "d": false}).to_string());
            }
            _ => {}
        }
    }
    // Events for this shard find no connection until the bot identifies again.
    if let Some(id) = shard {
        let mut gateway = state.gateway.lock().unwrap();
        if gateway.get(&id).is_some_and(|c| c.tx.same_channel(&tx)) {
            gateway.remove(&id);
        }
    }
    drop(tx);
    let _ = writer.await;
}
