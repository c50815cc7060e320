/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libkinetic-client: a C client of kineticd's socket protocol (docs/PROTOCOL.md), for compositors and shells.
 *
 * It is fd-driven, as libinput and wayland-client are: connect once, add kinetic_client_get_fd() to your poll set,
 * call kinetic_client_dispatch() when it is readable, and kinetic_client_flush() when kinetic_client_wants_write()
 * says output is queued. Everything the daemon sends arrives through the callbacks of a kinetic_client_listener,
 * called from kinetic_client_dispatch() only. The connection speaks the binary encoding; frames are read into
 * memory the client keeps from one schema to the next, so a frame allocates nothing.
 *
 * Every function that can fail returns a negative enum kinetic_status; kinetic_client_error_message() says what
 * happened and what to do, in one line. Commands return their id (1, 2, 3, …), which the reply to them carries.
 *
 * Everything the daemon sends is checked before it reaches the listener: each message's type, length and JSON (strict,
 * UTF-8, one value, nested at most 32 deep, finite numbers), a schema's names, dimensions and offsets, a frame against
 * its schema, a motion descriptor's numbers (finite, within ±10⁵⁰) and whether its evaluation stays finite. Anything
 * the protocol forbids ends the connection with KINETIC_E_PROTOCOL: the socket is shut down (its descriptor stays
 * valid and polls as hung up until kinetic_client_destroy()), and every later call returns that status. The same holds
 * for KINETIC_E_CLOSED once the daemon has closed the connection.
 *
 * A function that takes a client returns KINETIC_E_INVALID for a NULL client when it returns a status; an accessor
 * returns what it returns when there is nothing (NULL, 0, false; the error message and server name say "no client").
 *
 * Not thread-safe: use a client from one thread at a time.
 */
#ifndef KINETIC_CLIENT_H
#define KINETIC_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The protocol major version this library speaks; the daemon's must be the same. */
#define KINETIC_PROTOCOL_MAJOR 1

/** What a call returns when it fails (always negative). */
enum kinetic_status {
	KINETIC_OK = 0,
	/** A system call failed; errno says which (connecting, reading, writing). */
	KINETIC_E_SYSTEM = -1,
	/** No daemon at the socket: it does not exist, or nothing listens on it. */
	KINETIC_E_NO_DAEMON = -2,
	/** The daemon speaks another protocol major version. */
	KINETIC_E_VERSION = -3,
	/** The daemon closed the connection (after a fatal error, at shutdown). */
	KINETIC_E_CLOSED = -4,
	/** The daemon sent something this library cannot read. */
	KINETIC_E_PROTOCOL = -5,
	/** An argument is out of range (a number not finite, a NULL name, too many components). */
	KINETIC_E_INVALID = -6,
	/** A message would exceed the protocol's 1 MiB limit. */
	KINETIC_E_TOO_LARGE = -7,
	/** Out of memory. */
	KINETIC_E_NO_MEMORY = -8,
	/** The daemon did not answer the hello in time. */
	KINETIC_E_TIMEOUT = -9,
};

/** A short name for a status ("KINETIC_E_VERSION"), for logs. */
const char *kinetic_status_name(int status);

struct kinetic_client;

/** One channel of a schema: its name, its number of components, and where its value starts in a frame. */
struct kinetic_channel {
	const char *name;
	uint32_t dimension;
	/** Index in kinetic_frame.numbers of the first value component; the velocity follows the value. */
	uint32_t offset;
};

/** The layout of the frames that follow it (valid until the next schema). */
struct kinetic_schema {
	uint32_t generation;
	size_t channel_count;
	const struct kinetic_channel *channels;
	/** The number of f64 in each frame: Σ 2·dimension. */
	uint32_t count;
};

/** One tick's values (valid during the callback only). */
struct kinetic_frame {
	uint32_t generation;
	/** The tick number, shared by all clients. */
	uint64_t seq;
	/** The CLOCK_MONOTONIC time the values are for, ns (under a frame clock, the vblank that shows them). */
	uint64_t time_ns;
	uint32_t count;
	/** Per channel in schema order: its value components, then its velocity components (units per second). */
	const double *numbers;
};

/** A reply to a command (valid during the callback only). */
struct kinetic_reply {
	/** The id the command function returned. */
	int64_t id;
	bool ok;
	/** When !ok: the protocol's error code ("unknown_channel", …) and its message; NULL otherwise. */
	const char *error_code;
	const char *error_message;
	/** The whole reply, a JSON object (its fields: "channels" of list, "locked" of frame_clock, …). */
	const char *json;
};

/** An event (valid during the callback only). */
struct kinetic_event {
	/** "animation.logicallyComplete", "animation.removed", "device.added", "gesture.began", "shutdown", … */
	const char *name;
	/** The id of the command that asked for it (completion events), or 0. */
	int64_t id;
	/** The channel, or the element, it concerns, when it has one; NULL otherwise. */
	const char *channel;
	/** The whole event, a JSON object. */
	const char *json;
};

/** A channel's motion as the daemon last described it (below, "Motion descriptors"). */
struct kinetic_motion;

/**
 * Receives what the daemon sends, from kinetic_client_dispatch(). Any callback may be NULL.
 *
 * `size` must be sizeof(struct kinetic_client_listener) as the caller was compiled: the ABI stays compatible by it.
 * Later versions only append callbacks; the library reads the first `size` bytes, and callbacks past them (added after
 * the caller was built) stay NULL. Write it as
 *     struct kinetic_client_listener listener = { .size = sizeof listener, .frame = on_frame };
 */
struct kinetic_client_listener {
	size_t size;
	void (*schema)(void *data, const struct kinetic_schema *schema);
	void (*frame)(void *data, const struct kinetic_frame *frame);
	void (*reply)(void *data, const struct kinetic_reply *reply);
	void (*event)(void *data, const struct kinetic_event *event);
	/** A connection-level error (docs/PROTOCOL.md "error"); after a fatal one the daemon closes the connection. */
	void (*error)(void *data, const char *code, const char *message);
	/** A channel's new motion, under kinetic_client_subscribe_motion() (the client owns `motion`; see
	 * kinetic_client_motion()). */
	void (*motion)(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion);
};

/**
 * Connects to the daemon, exchanges hellos and checks the protocol version: blocking, for at most timeout_ms.
 *
 * socket_path NULL (or empty) finds the socket as kineticctl does: $KINETIC_SOCKET, then /run/kinetic/kineticd.sock
 * for root or under the service's unit (RUNTIME_DIRECTORY=/run/kinetic), then $XDG_RUNTIME_DIR/kinetic/kineticd.sock.
 * client_name (NULL: "libkinetic-client") is what the daemon logs. listener may be NULL (nothing is called); its size
 * must be set (KINETIC_E_INVALID otherwise).
 * On success *out is the client, its socket non-blocking; on failure *out is NULL and the status says why (the
 * message is kinetic_connect_error_message()). A negative timeout_ms does not wait for the hello at all
 * (kinetic_client_connect_nonblocking()).
 */
int kinetic_client_connect(const char *socket_path, const char *client_name, int timeout_ms,
			   const struct kinetic_client_listener *listener, void *data, struct kinetic_client **out);

/**
 * Connects without blocking, for a host whose loop must never wait (a compositor): the socket is connected and the
 * hello queued, and the call returns at once. The daemon's hello is read by the first kinetic_client_dispatch() calls;
 * until then kinetic_client_ready() is false, and commands and subscriptions are queued and sent after the hello, in
 * order. A daemon that refuses the hello, speaks another major version or never answers is seen there: dispatch
 * returns the status (KINETIC_E_VERSION, KINETIC_E_PROTOCOL, …) and the error message says why, as connecting would.
 * Poll the fd for reading, and for writing while kinetic_client_wants_write(). Fails at once, as
 * kinetic_client_connect() does, when no daemon listens or the socket is not reachable.
 */
int kinetic_client_connect_nonblocking(const char *socket_path, const char *client_name,
				       const struct kinetic_client_listener *listener, void *data,
				       struct kinetic_client **out);

/** Whether the daemon's hello has been read (always, after kinetic_client_connect()) and the connection is open. */
bool kinetic_client_ready(const struct kinetic_client *client);

/** Why the last kinetic_client_connect() on this thread failed, in one line that says what to do. */
const char *kinetic_connect_error_message(void);

/** Closes the connection and frees the client (NULL does nothing). */
void kinetic_client_destroy(struct kinetic_client *client);

/** The socket, to poll for reading (and for writing while kinetic_client_wants_write()). */
int kinetic_client_get_fd(const struct kinetic_client *client);

/**
 * Reads once from the socket without blocking — at most 64 KiB — and calls the listener for each whole message
 * buffered; then writes queued output. Returns the number of messages handled (0 when there was nothing), or a
 * negative status. One call's work is bounded by those 64 KiB plus the one message that may have been waiting for
 * them (at most 1 MiB), so a daemon that sends without pause cannot hold a compositor's frame: what is left in the
 * socket keeps the descriptor readable, and your loop comes back to it (as wl_display_dispatch and libinput_dispatch
 * leave it). With an edge-triggered loop, call it again while kinetic_client_read_pending() is true.
 */
int kinetic_client_dispatch(struct kinetic_client *client);

/** Whether the last kinetic_client_dispatch() read its whole 64 KiB, so that the socket may hold more. */
bool kinetic_client_read_pending(const struct kinetic_client *client);

/** Writes queued output without blocking: 0 when all is written, 1 when some is left (poll for POLLOUT), or < 0. */
int kinetic_client_flush(struct kinetic_client *client);

/** Whether output is queued (poll the fd for writing too). */
bool kinetic_client_wants_write(const struct kinetic_client *client);

/** Why the last failing call on this client failed, in one line. */
const char *kinetic_client_error_message(const struct kinetic_client *client);

/** The daemon's name and version ("kineticd 0.1.0"), its tick rate and protocol minor version, from its hello. */
const char *kinetic_client_server(const struct kinetic_client *client);
/** Every byte read from the daemon so far (hello included): what a subscription costs on the socket. */
uint64_t kinetic_client_bytes_received(const struct kinetic_client *client);
double kinetic_client_tick_hz(const struct kinetic_client *client);
int kinetic_client_server_minor(const struct kinetic_client *client);

/**
 * The latest frame received, or NULL before the first frame of the schema in force: what a compositor draws at its
 * vblank (frames are latest-wins). Its numbers stay valid until the next kinetic_client_dispatch().
 */
const struct kinetic_frame *kinetic_client_latest_frame(const struct kinetic_client *client);

/** A channel's value components in a frame (its `dimension` numbers). */
static inline const double *kinetic_frame_value(const struct kinetic_frame *frame, const struct kinetic_channel *channel)
{
	return frame->numbers + channel->offset;
}

/** A channel's velocity components in a frame, units per second. */
static inline const double *kinetic_frame_velocity(const struct kinetic_frame *frame,
						  const struct kinetic_channel *channel)
{
	return frame->numbers + channel->offset + channel->dimension;
}

/** The schema in force (after the first "schema" callback), or NULL. */
const struct kinetic_schema *kinetic_client_schema(const struct kinetic_client *client);

/** The channel named `name` in the schema in force, or NULL. */
const struct kinetic_channel *kinetic_client_find_channel(const struct kinetic_client *client, const char *name);

/**
 * Subscribes to the channels matching `patterns` (`*`, `?`), every tick (max_rate_hz 0) or at most max_rate_hz
 * frames a second; replaces the previous subscription. Returns 0 (no reply: a "schema" callback answers, then frames), or a negative status.
 */
int64_t kinetic_client_subscribe(struct kinetic_client *client, const char *const *patterns, size_t pattern_count,
				 double max_rate_hz);

/* BEGIN GENERATED COMMANDS */
/* Generated by scripts/protocol.py from protocol/kinetic.json (make protocol): the commands, one per operation. Each
 * queues one message and returns its id (≥ 1), or a negative status; the reply comes through the listener.
 * Values are `count` finite numbers (1–64). Expressions (animation, transition, effect) are SwiftUI syntax
 * as in docs/PROTOCOL.md; NULL leaves an optional one to the daemon's default. */

/** When to be told an animation finished (an "animation.*" event with the command's id). */
enum kinetic_completion {
	KINETIC_COMPLETION_NONE = 0,
	KINETIC_COMPLETION_LOGICALLY_COMPLETE,
	KINETIC_COMPLETION_REMOVED,
};

/** What a `zoom` command does. */
enum kinetic_zoom_action {
	KINETIC_ZOOM_PRESENT,
	KINETIC_ZOOM_DISMISS,
	KINETIC_ZOOM_DRAG,
	KINETIC_ZOOM_RELEASE,
};

/** `daemon`: the daemon's own setting; `connection`: held while this connection lasts (a user's preference). */
enum kinetic_reduce_motion_scope {
	KINETIC_SCOPE_DAEMON,
	KINETIC_SCOPE_CONNECTION,
};

/** One channel's new value in kinetic_client_animate_changes(). */
struct kinetic_change {
	const char *channel;
	const double *value;
	size_t count;
};

/**
 * Animates channel from its presentation value (keeping its velocity) to to with animation (SwiftUI syntax:
 * .spring(duration: 0.4, bounce: 0.2).delay(0.05), .interactiveSpring, .easeInOut(duration: 0.3), .timingCurve(0.2,
 * 0.8, 0.2, 1, duration: 0.3), .bouncy, modifiers .delay .speed .repeatCount .repeatForever
 * .logicallyComplete(after:); default .default); completion asks for an event.
 */
int64_t kinetic_client_animate(struct kinetic_client *client, const char *channel, const double *to, size_t count,
			       const char *animation, enum kinetic_completion completion);

/**
 * Animates 1–64 channels in one transaction — SwiftUI's animate(_:changes:completion:) bridge — with one completion
 * event when every one of their animations has finished (with channels, the names, instead of channel). A bad
 * change refuses the command before anything moves.
 */
int64_t kinetic_client_animate_changes(struct kinetic_client *client, const struct kinetic_change *changes,
				       size_t change_count, const char *animation,
				       enum kinetic_completion completion);

/**
 * Jumps channel to to at once; a running animation is removed.
 */
int64_t kinetic_client_set(struct kinetic_client *client, const char *channel, const double *to, size_t count);

/**
 * Creates a channel of dimension components owned by this connection, at initial (zeros); it is removed when the
 * connection closes.
 */
int64_t kinetic_client_define(struct kinetic_client *client, const char *channel, uint32_t dimension,
			      const double *initial);

/**
 * Removes a channel this connection defined (an element's channel: the whole element, at once).
 */
int64_t kinetic_client_remove(struct kinetic_client *client, const char *channel);

/**
 * Inserts element with transition (default .opacity) under animation (see "Elements"); the reply's channels names
 * its channels.
 */
int64_t kinetic_client_insert(struct kinetic_client *client, const char *element, const char *transition,
			      const char *animation);

/**
 * Removes element through its transition (default: the insertion's); animation.removed with element follows when it
 * ends.
 */
int64_t kinetic_client_remove_element(struct kinetic_client *client, const char *element, const char *transition,
				      const char *animation);

/** The fields of kinetic_client_zoom(); the pointers are optional (NULL) where the protocol's fields are. */
struct kinetic_zoom {
	const char *element;
	enum kinetic_zoom_action action;
	const double *source; /* [x, y, width, height] */
	const double *destination; /* [x, y, width, height] */
	const double *corner_radius; /* [at the source, presented] */
	const double *translation; /* [dx, dy]; required by drag and release */
	const double *velocity; /* [vx, vy] per second; required by release */
	const char *animation;
};

/**
 * Drives element's zoom transition: present, dismiss, drag or release (see "Elements"); the reply of a release has
 * dismissed.
 */
int64_t kinetic_client_zoom(struct kinetic_client *client, const struct kinetic_zoom *zoom);

/** kinetic_client_effect(): send exactly one of "trigger": true and "active". */
enum kinetic_effect_mode {
	KINETIC_EFFECT_TRIGGER,
	KINETIC_EFFECT_ACTIVE,
	KINETIC_EFFECT_INACTIVE,
};

/**
 * Plays a symbol effect on element: once ("trigger": true) or while "active" is true.
 */
int64_t kinetic_client_effect(struct kinetic_client *client, const char *element, const char *effect,
			      const char *options, enum kinetic_effect_mode mode);

/**
 * Locks the daemon's ticks to a presentation clock: refresh_ns its refresh interval (0 unlocks), last_vblank_ns a
 * vblank's CLOCK_MONOTONIC time, lead_ns how long before each vblank frames are computed (the daemon's default, 2
 * 000 000, when absent). Each frame's values and time_ns are then for the vblank that will show them.
 */
int64_t kinetic_client_frame_clock(struct kinetic_client *client, uint64_t refresh_ns, uint64_t last_vblank_ns,
				   int64_t lead_ns);

/**
 * Turns reduce motion on or off: springs become .easeInOut(duration: 0.2), repeats stop. scope daemon sets the
 * daemon's own setting; connection holds a user's preference while this connection stays open (the latest hold
 * wins).
 */
int64_t kinetic_client_reduce_motion(struct kinetic_client *client, bool enabled,
				     enum kinetic_reduce_motion_scope scope);

/**
 * Re-reads the daemon's configuration file (as SIGHUP does) and swaps the bindings between two ticks; an invalid
 * file is refused with bad_configuration and the running configuration stays.
 */
int64_t kinetic_client_reload(struct kinetic_client *client);

/**
 * The daemon's state.
 */
int64_t kinetic_client_status(struct kinetic_client *client);

/**
 * Every channel: its name, dimension, owner (configuration, self or client) and element.
 */
int64_t kinetic_client_list(struct kinetic_client *client);
/* END GENERATED COMMANDS */

/*
 * Motion descriptors (docs/PROTOCOL.md "Motion descriptors"): subscribed with kinetic_client_subscribe_motion(), the
 * daemon sends what each channel will do in closed form whenever its motion changes, and this library evaluates it at
 * any time — the vblank that will show it — with the daemon's own arithmetic.
 */

enum kinetic_motion_kind {
	/** At rest: the value is the model, the velocity 0. */
	KINETIC_MOTION_REST,
	/** Animating: kinetic_motion_evaluate() gives its values. */
	KINETIC_MOTION_ANIMATION,
	/** No closed form (keyframes, a custom animation, a spring blending responses, a zoom's or effect's channel): its values
	 * come in frames, and kinetic_motion_reason() says why. */
	KINETIC_MOTION_FRAMES,
};

/**
 * Subscribes as kinetic_client_subscribe() does, with motion descriptors: a motion callback (and
 * kinetic_client_motion()) whenever a channel's motion changes, and frames only while a channel's kind is
 * KINETIC_MOTION_FRAMES. Returns 0 or a negative status.
 */
int64_t kinetic_client_subscribe_motion(struct kinetic_client *client, const char *const *patterns,
					size_t pattern_count, double max_rate_hz);

/** The latest motion of a channel of the current schema, owned by the client (valid until the next dispatch that
 * replaces it), or NULL before the daemon described it. */
struct kinetic_motion *kinetic_client_motion(const struct kinetic_client *client,
					     const struct kinetic_channel *channel);

/**
 * The channel's value (and velocity, where the daemon's frames carry the animation's own: springs, momentum; NaN for
 * timing curves and sums, whose frames carry a backward difference) at CLOCK_MONOTONIC time_ns, both of
 * kinetic_motion_dimension() components. Times should not decrease (an earlier one re-evaluates from the
 * description); they may be far apart (after an idle output): a spring runs the whole interval, as the daemon's ticks
 * run it. Returns KINETIC_OK, or KINETIC_E_INVALID for a motion of kind KINETIC_MOTION_FRAMES. No allocation.
 */
int kinetic_motion_evaluate(struct kinetic_motion *motion, uint64_t time_ns, double *value, double *velocity);

enum kinetic_motion_kind kinetic_motion_kind(const struct kinetic_motion *motion);
/** The channel's name. */
const char *kinetic_motion_channel(const struct kinetic_motion *motion);
/** Why the channel's values come in frames (KINETIC_MOTION_FRAMES), or NULL. */
const char *kinetic_motion_reason(const struct kinetic_motion *motion);
uint32_t kinetic_motion_dimension(const struct kinetic_motion *motion);
/** The frame time the daemon described the motion at (the message's time_ns): it holds from then on. */
uint64_t kinetic_motion_time_ns(const struct kinetic_motion *motion);

/**
 * Reads one entry of a motion message's "channels" (a JSON object of `length` bytes), whose message's "epoch_ns" and
 * "time_ns" are epoch_ns and time_ns: for programs that read the protocol themselves (and the tests). Returns
 * KINETIC_OK with *out to kinetic_motion_destroy(), or KINETIC_E_PROTOCOL for an entry that is not a motion descriptor.
 */
int kinetic_motion_parse(const char *json, size_t length, uint64_t epoch_ns, uint64_t time_ns,
			 struct kinetic_motion **out);
void kinetic_motion_destroy(struct kinetic_motion *motion);

#ifdef __cplusplus
}
#endif

#endif
