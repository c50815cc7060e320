/*
 * Checks the motion evaluator against the daemon's engine: `motion-check TRACE [BETWEEN]`.
 *
 * TRACE is `kineticctl replay --motion` output: the frames a subscriber receives, with the motion messages a second
 * subscriber (with "motion": true) receives, each before the frame of its seq. Every frame's value of every channel
 * that has a descriptor other than "frames" must equal the evaluator's at the frame's time. BETWEEN is the same
 * recording replayed at a higher tick rate (frames only): the engine's own values at times between TRACE's frames,
 * checked against the same descriptors — except in the interval before a descriptor replaced the channel's motion,
 * where the change it reports happened at a time only the input knows.
 *
 * The tolerance: |evaluated − frame| ≤ 1e-9 · max(1, |frame|) per component.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "kinetic-client.h"
#include "check.h"

#define MAX_CHANNELS 64
#define TOLERANCE 1e-9

struct descriptor {
	uint64_t time_ns;
	uint64_t previous_tick_ns;
	char *json;
	uint64_t epoch_ns;
};

struct channel {
	char name[256];
	struct descriptor *descriptors;
	size_t count, capacity;
	/* The evaluator of the descriptor in force, and its index. */
	struct kinetic_motion *motion;
	size_t current;
};

static struct channel channels[MAX_CHANNELS];
static size_t channel_count;
static double worst;

static struct channel *channel_named(const char *name)
{
	for (size_t i = 0; i < channel_count; i++)
		if (strcmp(channels[i].name, name) == 0)
			return &channels[i];
	if (channel_count == MAX_CHANNELS || strlen(name) >= sizeof channels[0].name)
		return NULL;
	struct channel *channel = &channels[channel_count++];
	snprintf(channel->name, sizeof channel->name, "%s", name);
	return channel;
}

static char *read_line(FILE *file)
{
	size_t capacity = 0;
	char *line = NULL;
	ssize_t length = getline(&line, &capacity, file);
	if (length < 0) {
		free(line);
		return NULL;
	}
	return line;
}

/* Switches `channel` to descriptor `index`: a fresh evaluator of it. */
static void use(struct channel *channel, size_t index)
{
	kinetic_motion_destroy(channel->motion);
	channel->motion = NULL;
	channel->current = index;
	struct descriptor *d = &channel->descriptors[index];
	int status = kinetic_motion_parse(d->json, strlen(d->json), d->epoch_ns, d->time_ns, &channel->motion);
	CHECK(status == KINETIC_OK, "%s: descriptor %zu does not parse: %s", channel->name, index, d->json);
}

/* Compares one frame's channel with the evaluator; returns whether it was compared. */
static bool compare(struct channel *channel, uint64_t time_ns, json_object *state, const char *where)
{
	if (!channel->motion || kinetic_motion_kind(channel->motion) == KINETIC_MOTION_FRAMES)
		return false;
	json_object *values = NULL;
	if (!json_object_object_get_ex(state, "value", &values))
		return false;
	uint32_t n = kinetic_motion_dimension(channel->motion);
	double value[64], velocity[64];
	CHECK(n == json_object_array_length(values) && n <= 64, "%s: dimension %u against a frame of %zu", channel->name,
	      n, json_object_array_length(values));
	if (n != json_object_array_length(values) || n > 64)
		return false;
	kinetic_motion_evaluate(channel->motion, time_ns, value, velocity);
	for (uint32_t i = 0; i < n; i++) {
		double frame = json_object_get_double(json_object_array_get_idx(values, i));
		double error = fabs(value[i] - frame) / fmax(1, fabs(frame));
		if (error > worst)
			worst = error;
		CHECK(error <= TOLERANCE, "%s: %s at %llu ns, component %u: evaluated %.17g, frame %.17g (relative %.3g)",
		      where, channel->name, (unsigned long long)time_ns, i, value[i], frame, error);
	}
	return true;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: motion-check TRACE [BETWEEN]\n");
		return 2;
	}
	FILE *trace = fopen(argv[1], "r");
	if (!trace) {
		perror(argv[1]);
		return 2;
	}
	size_t compared = 0, between = 0, skipped = 0, frames = 0, descriptors = 0;
	uint64_t last_tick = 0;
	char *line;
	while ((line = read_line(trace))) {
		json_object *object = json_tokener_parse(line);
		const char *type = json_object_get_string(json_object_object_get(object, "type"));
		uint64_t time_ns = json_object_get_uint64(json_object_object_get(object, "time_ns"));
		if (type && strcmp(type, "motion") == 0) {
			uint64_t epoch = json_object_get_uint64(json_object_object_get(object, "epoch_ns"));
			json_object *list = json_object_object_get(object, "channels");
			for (size_t i = 0; i < json_object_array_length(list); i++) {
				json_object *entry = json_object_array_get_idx(list, i);
				struct channel *channel =
					channel_named(json_object_get_string(json_object_object_get(entry, "channel")));
				if (!channel)
					continue;
				if (channel->count == channel->capacity) {
					channel->capacity = channel->capacity ? 2 * channel->capacity : 16;
					channel->descriptors = realloc(channel->descriptors,
								       channel->capacity * sizeof *channel->descriptors);
				}
				channel->descriptors[channel->count] = (struct descriptor){
					.time_ns = time_ns, .previous_tick_ns = last_tick, .epoch_ns = epoch,
					.json = strdup(json_object_to_json_string_ext(entry, JSON_C_TO_STRING_PLAIN)) };
				use(channel, channel->count++);
				descriptors++;
			}
		} else if (type && strcmp(type, "frame") == 0) {
			frames++;
			last_tick = time_ns;
			json_object_object_foreach(json_object_object_get(object, "values"), name, state) {
				struct channel *channel = channel_named(name);
				if (channel && compare(channel, time_ns, state, "frame"))
					compared++;
			}
		}
		json_object_put(object);
		free(line);
	}
	fclose(trace);

	if (argc > 2) {
		FILE *dense = fopen(argv[2], "r");
		if (!dense) {
			perror(argv[2]);
			return 2;
		}
		for (size_t i = 0; i < channel_count; i++) {
			if (channels[i].count)
				use(&channels[i], 0);
		}
		while ((line = read_line(dense))) {
			json_object *object = json_tokener_parse(line);
			uint64_t time_ns = json_object_get_uint64(json_object_object_get(object, "time_ns"));
			json_object_object_foreach(json_object_object_get(object, "values"), name, state) {
				struct channel *channel = channel_named(name);
				if (!channel || !channel->count || time_ns < channel->descriptors[0].time_ns)
					continue;
				size_t next = channel->current;
				while (next + 1 < channel->count && channel->descriptors[next + 1].time_ns <= time_ns)
					next++;
				if (next != channel->current)
					use(channel, next);
				/* The next descriptor reports a change made after the last frame before it, at a time unknown here. */
				if (next + 1 < channel->count && time_ns > channel->descriptors[next + 1].previous_tick_ns) {
					skipped++;
					continue;
				}
				if (compare(channel, time_ns, state, "between"))
					between++;
			}
			json_object_put(object);
			free(line);
		}
		fclose(dense);
	}
	for (size_t i = 0; i < channel_count; i++) {
		for (size_t j = 0; j < channels[i].count; j++)
			free(channels[i].descriptors[j].json);
		free(channels[i].descriptors);
		kinetic_motion_destroy(channels[i].motion);
	}
	CHECK(compared > 0, "no frame value was compared (%zu frames, %zu descriptors)", frames, descriptors);
	printf("motion-check: %zu descriptors; %zu frame values and %zu values between frames match (%zu skipped), "
	       "worst relative error %.3g\n", descriptors, compared, between, skipped, worst);
	return failures ? 1 : 0;
}
