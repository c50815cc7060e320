/* libkinetic-client against a real kineticd: every command, the schema and frames, replies and their errors, events,
 * the frame clock, and arguments the library refuses. Run under AddressSanitizer and UndefinedBehaviorSanitizer by
 * scripts/test-c.sh. Expected values are the daemon's documented behaviour (docs/PROTOCOL.md) and invariants: an
 * animation ends exactly on its target with velocity 0, and the velocity is the derivative of the value. */
#define _GNU_SOURCE
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon.h"
#include "check.h"
#include "kinetic-client.h"


/* What the callbacks saw. */
#define MAX_SAMPLES 4096
struct sample {
	uint64_t seq, time_ns;
	double value[4], velocity[4];
	int dimension;
};
struct seen {
	struct kinetic_client *client;
	/* The channel whose samples are kept, and its samples. */
	const char *followed;
	struct sample samples[MAX_SAMPLES];
	int sample_count;
	int frames, schemas;
	uint64_t last_seq, last_time;
	bool time_decreased;
	/* The last reply and event. */
	int64_t reply_id;
	bool reply_ok;
	char reply_code[64], reply_message[512], reply_json[8192];
	int64_t event_id;
	char event_name[64], event_channel[256], event_json[1024];
	int events;
};

static void on_schema(void *data, const struct kinetic_schema *schema)
{
	struct seen *seen = data;
	seen->schemas++;
	uint32_t total = 0;
	for (size_t i = 0; i < schema->channel_count; i++)
		total += 2 * schema->channels[i].dimension;
	CHECK(total == schema->count, "the schema's count %u is Σ 2·dimension = %u", schema->count, total);
}

static void on_frame(void *data, const struct kinetic_frame *frame)
{
	struct seen *seen = data;
	if (seen->frames > 0 && frame->time_ns <= seen->last_time) {
		seen->time_decreased = true;
		fprintf(stderr, "time_ns %llu (seq %llu) after %llu (seq %llu)\n", (unsigned long long)frame->time_ns,
			(unsigned long long)frame->seq, (unsigned long long)seen->last_time, (unsigned long long)seen->last_seq);
	}
	CHECK(seen->frames == 0 || frame->seq > seen->last_seq, "seq %llu after %llu", (unsigned long long)frame->seq,
	      (unsigned long long)seen->last_seq);
	seen->frames++;
	seen->last_seq = frame->seq;
	seen->last_time = frame->time_ns;
	const struct kinetic_channel *channel = kinetic_client_find_channel(seen->client, seen->followed);
	if (!channel || seen->sample_count == MAX_SAMPLES)
		return;
	struct sample *sample = &seen->samples[seen->sample_count++];
	*sample = (struct sample){ .seq = frame->seq, .time_ns = frame->time_ns, .dimension = (int)channel->dimension };
	for (uint32_t j = 0; j < channel->dimension && j < 4; j++) {
		sample->value[j] = frame->numbers[channel->offset + j];
		sample->velocity[j] = frame->numbers[channel->offset + channel->dimension + j];
	}
}

static void on_reply(void *data, const struct kinetic_reply *reply)
{
	struct seen *seen = data;
	seen->reply_id = reply->id;
	seen->reply_ok = reply->ok;
	snprintf(seen->reply_code, sizeof seen->reply_code, "%s", reply->error_code ? reply->error_code : "");
	snprintf(seen->reply_message, sizeof seen->reply_message, "%s", reply->error_message ? reply->error_message : "");
	snprintf(seen->reply_json, sizeof seen->reply_json, "%s", reply->json);
}

static void on_event(void *data, const struct kinetic_event *event)
{
	struct seen *seen = data;
	seen->events++;
	seen->event_id = event->id;
	snprintf(seen->event_name, sizeof seen->event_name, "%s", event->name);
	snprintf(seen->event_channel, sizeof seen->event_channel, "%s", event->channel ? event->channel : "");
	snprintf(seen->event_json, sizeof seen->event_json, "%s", event->json);
}

static void on_error(void *data, const char *code, const char *message)
{
	(void)data;
	failures++;
	fprintf(stderr, "unexpected connection error %s: %s\n", code, message);
}

static int64_t now_ms(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Dispatches until `done(seen)` holds, for at most `seconds`: a bounded wait for a condition. */
static bool pump(struct seen *seen, bool (*done)(struct seen *), double seconds)
{
	int64_t deadline = now_ms() + (int64_t)(seconds * 1000);
	while (!done(seen)) {
		int64_t left = deadline - now_ms();
		if (left <= 0)
			return false;
		struct pollfd fd = { .fd = kinetic_client_get_fd(seen->client),
				     .events = POLLIN | (kinetic_client_wants_write(seen->client) ? POLLOUT : 0) };
		poll(&fd, 1, (int)left);
		int status = kinetic_client_dispatch(seen->client);
		if (status < 0) {
			fprintf(stderr, "dispatch: %s: %s\n", kinetic_status_name(status),
				kinetic_client_error_message(seen->client));
			return false;
		}
	}
	return true;
}

static int64_t awaited_reply;
static bool reply_arrived(struct seen *seen) { return seen->reply_id == awaited_reply; }

/* Sends nothing itself: waits for the reply to command `id`. */
static bool await_reply(struct seen *seen, int64_t id)
{
	awaited_reply = id;
	CHECK(id > 0, "the command was queued (id %lld: %s)", (long long)id, kinetic_client_error_message(seen->client));
	return id > 0 && pump(seen, reply_arrived, 10);
}

static char awaited_event[64];
static bool event_arrived(struct seen *seen) { return strcmp(seen->event_name, awaited_event) == 0; }

static bool await_event(struct seen *seen, const char *name)
{
	snprintf(awaited_event, sizeof awaited_event, "%s", name);
	seen->event_name[0] = '\0';
	return pump(seen, event_arrived, 10);
}

/* The followed channel moved since follow() and its last frame is at rest. */
static bool settled(struct seen *seen)
{
	bool moved = false;
	for (int i = 0; i < seen->sample_count; i++)
		for (int j = 0; j < seen->samples[i].dimension; j++)
			moved = moved || seen->samples[i].velocity[j] != 0;
	if (!moved)
		return false;
	const struct sample *last = &seen->samples[seen->sample_count - 1];
	for (int j = 0; j < last->dimension; j++)
		if (last->velocity[j] != 0)
			return false;
	return true;
}

/* Frames are sent only when something changed, so a wait for "a frame after" a command counts from before the
 * command: the frame may be read in the same dispatch as the command's reply. */
static int frames_before;
static bool new_frame(struct seen *seen) { return seen->frames > frames_before; }
static bool followed_frame(struct seen *seen) { return seen->sample_count > 0; }
static bool opacity_removed(struct seen *seen)
{
	return !kinetic_client_find_channel(seen->client, "card.opacity") && new_frame(seen);
}

static void follow(struct seen *seen, const char *channel)
{
	seen->followed = channel;
	seen->sample_count = 0;
}

/* The samples end exactly on `target` with velocity exactly 0, and along the way the velocity is the derivative of
 * the value, except across the frame where the motion starts (it began between two ticks).
 *
 * A spring reports its integrator's velocity, and its value advances in whole 1/300 s sub-steps (the fluid spring's
 * integration, docs/ANIMATION.md §2.3): between two frames dt apart it moves through n = ⌊dt·300⌋ or ⌊dt·300⌋ + 1
 * sub-steps, so the displacement is the mean of the two velocities times n/300 for one of those n, within the
 * trapezoid rule's error over those n sub-steps, T³/12·max|v''| with T ≤ dt + 1/300: for a spring of natural frequency
 * ω₀ (omega0), |v''| stays within 2·ω₀² times the largest speed. Frames are not evenly spaced when the machine is
 * busy (a tick runs late), and that error grows with the cube of the spacing; 2 % of the largest speed times dt is
 * added for the integrator's own departure from the exact motion. A timing curve (omega0 0) reports the backward
 * difference since the previous frame (docs/PROTOCOL.md "frame"): the velocity is the slope from the frame before, to
 * 1e-6. */
static void check_motion(struct seen *seen, const double *target, int dimension, const char *what, double omega0)
{
	CHECK(seen->sample_count > 3, "%s: %d frames", what, seen->sample_count);
	if (seen->sample_count < 2)
		return;
	const struct sample *last = &seen->samples[seen->sample_count - 1];
	for (int j = 0; j < dimension; j++) {
		CHECK(last->value[j] == target[j], "%s: ends on %.17g, not its target %.17g", what, last->value[j], target[j]);
		CHECK(last->velocity[j] == 0, "%s: ends with velocity %.17g", what, last->velocity[j]);
	}
	double fastest = 0;
	for (int i = 0; i < seen->sample_count; i++)
		for (int j = 0; j < dimension; j++)
			fastest = fmax(fastest, fabs(seen->samples[i].velocity[j]));
	CHECK(fastest > 0, "%s: it moved", what);
	int worst = -1, compared = 0;
	double worst_error = 0;
	for (int i = 1; i < seen->sample_count - 1; i++) {
		const struct sample *a = &seen->samples[i - 1], *b = &seen->samples[i];
		double dt = (double)(b->time_ns - a->time_ns) / 1e9;
		bool at_rest = true;
		for (int j = 0; j < dimension; j++)
			at_rest = at_rest && a->velocity[j] == 0;
		if (b->seq != a->seq + 1 || dt <= 0 || dt > 0.02 || at_rest)
			continue; /* a gap (latest-wins), the clock's stop, or the first frame of the motion */
		compared++;
		for (int j = 0; j < dimension; j++) {
			double moved = b->value[j] - a->value[j], error;
			if (omega0 == 0) {
				double slope = moved / dt;
				error = fabs(slope - b->velocity[j]) / (1e-6 * fmax(1, fabs(slope)));
			} else {
				double mean = (a->velocity[j] + b->velocity[j]) / 2, substep = 1.0 / 300;
				double steps = floor(dt / substep);
				double span = dt + substep;
				error = fmin(fabs(moved - mean * steps * substep), fabs(moved - mean * (steps + 1) * substep)) /
					(0.02 * fastest * dt + span * span * span / 12 * 2 * omega0 * omega0 * fastest);
			}
			if (error > worst_error) {
				worst_error = error;
				worst = i;
			}
		}
	}
	CHECK(compared > 3, "%s: %d pairs of frames compared", what, compared);
	if (worst_error > 1 && getenv("KINETIC_TEST_VERBOSE"))
		for (int i = 0; i < seen->sample_count; i++)
			fprintf(stderr, "  %d seq %llu t %llu x %.17g v %.17g\n", i, (unsigned long long)seen->samples[i].seq,
				(unsigned long long)seen->samples[i].time_ns, seen->samples[i].value[0],
				seen->samples[i].velocity[0]);
	CHECK(worst_error <= 1, "%s: the velocity is not the value's derivative at frame %d (%g times the tolerance)",
	      what, worst, worst_error);
}

int main(void)
{
	struct test_daemon daemon;
	int started = test_daemon_start(&daemon);
	if (started)
		return started;
	static struct seen seen;
	const struct kinetic_client_listener listener = {
		.size = sizeof listener, .schema = on_schema, .frame = on_frame, .reply = on_reply, .event = on_event,
		.error = on_error,
	};
	int status = kinetic_client_connect(daemon.socket, "test-client", 10000, &listener, &seen, &seen.client);
	CHECK(status == KINETIC_OK, "connect: %s: %s", kinetic_status_name(status), kinetic_connect_error_message());
	if (status != KINETIC_OK) {
		test_daemon_stop(&daemon);
		return 1;
	}
	struct kinetic_client *client = seen.client;
	CHECK(strncmp(kinetic_client_server(client), "kineticd ", 9) == 0, "server %s", kinetic_client_server(client));
	CHECK(kinetic_client_tick_hz(client) == 120, "tick_hz %g", kinetic_client_tick_hz(client));

	/* Subscribe, define: a schema naming the channel, then a frame with its initial value at rest. */
	const char *everything[] = { "*" };
	CHECK(kinetic_client_subscribe(client, everything, 1, 0) == 0, "subscribe: %s", kinetic_client_error_message(client));
	double initial[2] = { 1, 2 };
	follow(&seen, "card.offset");
	CHECK(await_reply(&seen, kinetic_client_define(client, "card.offset", 2, initial)) && seen.reply_ok,
	      "define: %s", seen.reply_json);
	CHECK(pump(&seen, followed_frame, 10), "a frame after define");
	const struct kinetic_channel *channel = kinetic_client_find_channel(client, "card.offset");
	CHECK(channel && channel->dimension == 2, "the schema has card.offset with 2 components");
	CHECK(seen.sample_count > 0 && seen.samples[0].value[0] == 1 && seen.samples[0].value[1] == 2 &&
	      seen.samples[0].velocity[0] == 0, "the first frame holds the initial value at rest");

	/* A second define of the name is refused with its code. */
	CHECK(await_reply(&seen, kinetic_client_define(client, "card.offset", 2, NULL)) && !seen.reply_ok &&
	      strcmp(seen.reply_code, "channel_exists") == 0, "define again: %s", seen.reply_json);

	/* A spring with a completion: the reply, the event with the command's id, then frames that end exactly there. */
	double target[2] = { 10, -4 };
	follow(&seen, "card.offset");
	int64_t id = kinetic_client_animate(client, "card.offset", target, 2, ".spring(duration: 0.3, bounce: 0.2)",
					    KINETIC_COMPLETION_LOGICALLY_COMPLETE);
	CHECK(await_reply(&seen, id) && seen.reply_ok, "animate: %s", seen.reply_json);
	CHECK(await_event(&seen, "animation.logicallyComplete") && seen.event_id == id &&
	      strcmp(seen.event_channel, "card.offset") == 0, "the completion event: %s", seen.event_json);
	CHECK(pump(&seen, settled, 10), "the spring settles");
	/* .spring(duration: 0.3): ω₀ = 2π/0.3 (docs/ANIMATION.md §1: duration = τ/ω₀). */
	check_motion(&seen, target, 2, "spring", 2 * M_PI / 0.3);

	/* Refusals, each with its code. */
	CHECK(await_reply(&seen, kinetic_client_animate(client, "nowhere", target, 2, NULL, KINETIC_COMPLETION_NONE)) &&
	      strcmp(seen.reply_code, "unknown_channel") == 0, "unknown channel: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_animate(client, "card.offset", target, 1, NULL, KINETIC_COMPLETION_NONE)) &&
	      strcmp(seen.reply_code, "dimension_mismatch") == 0, "dimension: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_animate(client, "card.offset", target, 2, ".sprng", KINETIC_COMPLETION_NONE)) &&
	      strcmp(seen.reply_code, "bad_animation") == 0 && strstr(seen.reply_message, "did you mean .spring"),
	      "bad animation: %s", seen.reply_json);

	/* set jumps at once, at rest. */
	double jump[2] = { 3, 3 };
	follow(&seen, "card.offset");
	frames_before = seen.frames;
	CHECK(await_reply(&seen, kinetic_client_set(client, "card.offset", jump, 2)) && seen.reply_ok, "set: %s",
	      seen.reply_json);
	CHECK(pump(&seen, new_frame, 10), "a frame after set");
	const struct sample *after_set = &seen.samples[seen.sample_count - 1];
	CHECK(after_set->value[0] == 3 && after_set->value[1] == 3 && after_set->velocity[0] == 0, "set: at [3, 3] at rest");

	/* Changes in one transaction, a timing curve, one completion for both channels. */
	double opacity[1] = { 0 };
	CHECK(await_reply(&seen, kinetic_client_define(client, "card.opacity", 1, NULL)) && seen.reply_ok, "define 2");
	double home[2] = { 0, 0 }, visible[1] = { 1 };
	struct kinetic_change changes[] = { { "card.offset", home, 2 }, { "card.opacity", visible, 1 } };
	follow(&seen, "card.opacity");
	id = kinetic_client_animate_changes(client, changes, 2, ".easeInOut(duration: 0.25)", KINETIC_COMPLETION_REMOVED);
	CHECK(await_reply(&seen, id) && seen.reply_ok, "animate changes: %s", seen.reply_json);
	CHECK(await_event(&seen, "animation.removed") && seen.event_id == id && strstr(seen.event_json, "card.opacity") &&
	      strstr(seen.event_json, "card.offset"), "one completion for both: %s", seen.event_json);
	CHECK(pump(&seen, settled, 10), "the curve settles");
	check_motion(&seen, visible, 1, "easeInOut", 0);
	(void)opacity;

	/* list and status carry their fields. */
	CHECK(await_reply(&seen, kinetic_client_list(client)) && seen.reply_ok && strstr(seen.reply_json, "\"card.opacity\""),
	      "list: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_status(client)) && seen.reply_ok && strstr(seen.reply_json, "\"tick_hz\""),
	      "status: %s", seen.reply_json);

	/* Reduce motion held by this connection. */
	CHECK(await_reply(&seen, kinetic_client_reduce_motion(client, true, KINETIC_SCOPE_CONNECTION)) && seen.reply_ok,
	      "reduce_motion: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_status(client)) && strstr(seen.reply_json, "\"reduce_motion\":true"),
	      "status after reduce_motion: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_reduce_motion(client, false, KINETIC_SCOPE_CONNECTION)) && seen.reply_ok,
	      "reduce_motion off");

	/* A frame clock: the reply says locked, and the frames that follow are stamped on its vblank grid. */
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	uint64_t vblank = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec, refresh = 16666667;
	CHECK(await_reply(&seen, kinetic_client_frame_clock(client, refresh, vblank, -1)) && seen.reply_ok &&
	      strstr(seen.reply_json, "\"locked\":true"), "frame_clock: %s", seen.reply_json);
	follow(&seen, "card.offset");
	CHECK(await_reply(&seen, kinetic_client_animate(client, "card.offset", target, 2, ".snappy",
							KINETIC_COMPLETION_NONE)) && seen.reply_ok, "animate under the clock");
	CHECK(pump(&seen, settled, 10), "settles under the frame clock");
	int off_grid = 0;
	for (int i = 0; i < seen.sample_count; i++)
		off_grid += (seen.samples[i].time_ns - vblank) % refresh != 0;
	CHECK(off_grid == 0, "%d of %d frames off the vblank grid", off_grid, seen.sample_count);
	/* .snappy: a spring of duration 0.5 (docs/ANIMATION.md §1.4), ω₀ = 2π/0.5 (§1: duration = τ/ω₀). */
	check_motion(&seen, target, 2, "spring under the frame clock", 2 * M_PI / 0.5);
	CHECK(await_reply(&seen, kinetic_client_frame_clock(client, 0, 0, -1)) && seen.reply_ok, "unlock: %s",
	      seen.reply_json);

	/* Elements: insert, a zoom, an effect; removing the window ends with animation.removed naming it. */
	CHECK(await_reply(&seen, kinetic_client_insert(client, "window", ".move(edge: .bottom)", ".smooth")) &&
	      seen.reply_ok && strstr(seen.reply_json, "window.opacity"), "insert: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_remove_element(client, "window", NULL, ".easeOut(duration: 0.1)")) &&
	      seen.reply_ok, "remove element: %s", seen.reply_json);
	CHECK(await_event(&seen, "animation.removed") && strcmp(seen.event_channel, "window") == 0,
	      "the window's removal: %s", seen.event_json);
	double source[4] = { 10, 10, 80, 60 }, destination[4] = { 0, 0, 800, 600 }, radius[2] = { 12, 0 };
	struct kinetic_zoom zoom = { .element = "photo", .action = KINETIC_ZOOM_PRESENT, .source = source,
				     .destination = destination, .corner_radius = radius };
	CHECK(await_reply(&seen, kinetic_client_zoom(client, &zoom)) && seen.reply_ok &&
	      strstr(seen.reply_json, "photo.frame"), "zoom: %s", seen.reply_json);
	double drag[2] = { 0, 300 }, fling[2] = { 0, 1500 };
	zoom = (struct kinetic_zoom){ .element = "photo", .action = KINETIC_ZOOM_RELEASE, .translation = drag,
				      .velocity = fling };
	CHECK(await_reply(&seen, kinetic_client_zoom(client, &zoom)) && seen.reply_ok &&
	      strstr(seen.reply_json, "\"dismissed\":true"), "zoom release: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_effect(client, "bell", ".bounce", ".repeat(2)", KINETIC_EFFECT_TRIGGER)) &&
	      seen.reply_ok && strstr(seen.reply_json, "bell.scale"), "effect: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_effect(client, "bell", ".pulse", NULL, KINETIC_EFFECT_ACTIVE)) &&
	      seen.reply_ok, "effect active: %s", seen.reply_json);
	CHECK(await_reply(&seen, kinetic_client_effect(client, "bell", ".pulse", NULL, KINETIC_EFFECT_INACTIVE)) &&
	      seen.reply_ok, "effect off: %s", seen.reply_json);

	/* reload re-reads the daemon's file; remove drops a channel from the schema. */
	CHECK(await_reply(&seen, kinetic_client_reload(client)) && seen.reply_ok, "reload: %s", seen.reply_json);
	int schemas = seen.schemas;
	frames_before = seen.frames;
	CHECK(await_reply(&seen, kinetic_client_remove(client, "card.opacity")) && seen.reply_ok, "remove: %s",
	      seen.reply_json);
	CHECK(pump(&seen, opacity_removed, 10) && seen.schemas > schemas && !kinetic_client_find_channel(client, "card.opacity"),
	      "a new schema without card.opacity");

	/* Arguments the library refuses before anything is sent, each with a message naming it. */
	double nan_value[2] = { NAN, 0 };
	int64_t refused = kinetic_client_animate(client, "card.offset", nan_value, 2, NULL, KINETIC_COMPLETION_NONE);
	CHECK(refused == KINETIC_E_INVALID && strstr(kinetic_client_error_message(client), "finite"),
	      "NaN: %lld %s", (long long)refused, kinetic_client_error_message(client));
	refused = kinetic_client_set(client, "card.offset", target, 0);
	CHECK(refused == KINETIC_E_INVALID && strstr(kinetic_client_error_message(client), "1 to 64"), "no numbers: %s",
	      kinetic_client_error_message(client));
	refused = kinetic_client_set(client, NULL, target, 2);
	CHECK(refused == KINETIC_E_INVALID && strstr(kinetic_client_error_message(client), "channel"), "NULL channel: %s",
	      kinetic_client_error_message(client));
	/* Still in step after refusals: the next command's reply is the next one. */
	CHECK(await_reply(&seen, kinetic_client_status(client)) && seen.reply_ok, "status after refusals");
	/* A name with quotes and a control character travels escaped, and the daemon names what it refuses. */
	CHECK(await_reply(&seen, kinetic_client_define(client, "bad\"name\n", 1, NULL)) && !seen.reply_ok &&
	      strcmp(seen.reply_code, "bad_message") == 0, "a name with a quote: %s", seen.reply_json);

	CHECK(!seen.time_decreased, "frames' time_ns only increase");
	kinetic_client_destroy(client);
	int stopped = test_daemon_stop(&daemon);
	CHECK(stopped == 0, "kineticd exited with %d", stopped);
	if (failures)
		fprintf(stderr, "test-client: %d checks failed\n", failures);
	else
		printf("test-client: every check passed (%d frames)\n", seen.frames);
	return failures ? 1 : 0;
}
