/* SPDX-License-Identifier: Apache-2.0 */
/* Motion descriptors (docs/PROTOCOL.md "Motion descriptors"): a channel's animation as the daemon describes it, and
 * its evaluation at any later time, step for step as the daemon's engine evaluates it. Every formula here mirrors one
 * of the engine's (Sources/Kinetic/Animations/FluidSpringStepper.swift, BezierAnimation.swift,
 * Curves/UnitCurve+CubicSolver.swift, Springs/Spring+Motion.swift, Runtime/DefaultCombiningAnimation.swift and
 * KineticBindings/Animations/MomentumAnimation.swift) in the same order of operations, so that the values agree with
 * the daemon's frames to rounding. Built with -ffp-contract=off: a fused multiply-add would round differently. */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "private.h"

/* The fluid spring's sub-step, its half and the stop rule (FluidSpringStepper). The engine's catch-up rule is not
 * here: the daemon evaluates a moving spring at every tick, never a second apart, so the rule never applies to what it
 * describes (after a stall of its own it describes its moving channels again). A client may evaluate a description
 * seconds apart and still get what the daemon's ticks give. */
static const double step_interval = 1.0 / 300;
static const double half_step_interval = 1.0 / 600;
static const double rest_threshold_squared = 0.0036;
static const double target_tolerance = 0.01;
/* One evaluation runs at most a minute of sub-steps: a spring still moving then (or a description with absurd times,
 * whose clock addition cannot move) is taken as settled on its target. */
static const int max_sub_steps = 18000;
/* How deep terms may nest (the daemon sends sums nested at most 8 deep). */
static const int max_term_depth = 16;

enum term_kind { TERM_SPRING, TERM_CURVE, TERM_MOMENTUM, TERM_SUM };

struct term;

struct sum_entry {
	double start;
	double *target;
	/* NULL once the entry has finished (as sent, or as evaluated). */
	struct term *term;
	bool finished, sent_finished;
};

struct term {
	enum term_kind kind;
	uint32_t dimension;
	/* Spring: stiffness, damping, and the state as sent (x0, v0, a0, clock0) and as evaluated (x, v, a, clock). */
	double stiffness, damping, clock, clock0;
	double *x, *v, *a, *x0, *v0, *a0;
	bool finished;
	/* Curve: the cubic's coefficients (UnitCurve.CubicSolver) and the duration. */
	double ax, bx, cx, ay, by, cy, duration;
	/* Momentum. */
	double decay, rest_distance;
	double *travel;
	enum kinetic_motion_regime regime;
	double omega0, omega, lambda, settling;
	/* Sum. */
	size_t count;
	struct sum_entry *entries;
	double *scratch;
};

struct kinetic_motion {
	char *channel;
	enum kinetic_motion_kind kind;
	char *reason;
	uint32_t dimension;
	uint64_t epoch_ns, time_ns;
	double *model, *interval, begin;
	struct term *term;
	bool finished;
	/* The latest time evaluated: an earlier one restarts from the state as sent. */
	double last;
	double *y, *dy;
};

static void term_free(struct term *term)
{
	if (!term)
		return;
	free(term->x);
	free(term->v);
	free(term->a);
	free(term->x0);
	free(term->v0);
	free(term->a0);
	free(term->travel);
	for (size_t i = 0; i < term->count; i++) {
		free(term->entries[i].target);
		term_free(term->entries[i].term);
	}
	free(term->entries);
	free(term->scratch);
	free(term);
}

void kinetic_motion_destroy(struct kinetic_motion *motion)
{
	if (!motion)
		return;
	free(motion->channel);
	free(motion->reason);
	free(motion->model);
	free(motion->interval);
	free(motion->y);
	free(motion->dy);
	term_free(motion->term);
	free(motion);
}

/* Every number of a descriptor: finite and within ±KINETIC_MAX_MOTION_MAGNITUDE (docs/PROTOCOL.md "Limits"). */
static bool in_range(json_object *field, double *out)
{
	if (!json_object_is_type(field, json_type_double) && !json_object_is_type(field, json_type_int))
		return false;
	*out = json_object_get_double(field);
	return isfinite(*out) && fabs(*out) <= KINETIC_MAX_MOTION_MAGNITUDE;
}

static bool number(json_object *object, const char *key, double *out)
{
	json_object *field = NULL;
	return json_object_object_get_ex(object, key, &field) && in_range(field, out);
}

/* A vector of exactly `dimension` finite numbers, newly allocated, or NULL. */
static double *vector(json_object *object, const char *key, uint32_t dimension)
{
	json_object *array = kinetic_json_member(object, key, json_type_array);
	if (!array || json_object_array_length(array) != dimension)
		return NULL;
	double *out = calloc(dimension ? dimension : 1, sizeof *out);
	for (uint32_t i = 0; out && i < dimension; i++) {
		if (!in_range(json_object_array_get_idx(array, i), &out[i])) {
			free(out);
			return NULL;
		}
	}
	return out;
}

static double *copy(const double *from, uint32_t dimension)
{
	double *out = malloc((dimension ? dimension : 1) * sizeof *out);
	if (out)
		memcpy(out, from, dimension * sizeof *out);
	return out;
}

static bool term_evaluate(struct term *term, const double *delta, double t, double *y, double *dy);
static bool momentum_signs(const struct term *term);

/* A momentum term: the decay and its rest distance, each component's travel, and the spring at the bound with the
 * rates its regime uses (the others may be null: a rigid spring's ω₀ is +∞). The signs are the ones Spring's closed
 * form has — decay and λ above or at 0, ω above 0 when under-damped and below when over-damped — so that every
 * exponential it takes decays; with every number within ±10⁵⁰ its evaluation stays finite. */
static bool momentum_parse(struct term *term, json_object *object, uint32_t dimension)
{
	term->travel = vector(object, "travel", dimension);
	json_object *bounce = kinetic_json_member(object, "bounce", json_type_object);
	const char *regime = bounce ? json_object_get_string(kinetic_json_member(bounce, "regime", json_type_string)) : NULL;
	static const char *const regimes[] = { "free", "rigid", "frozen", "under", "critical", "over" };
	bool known = false;
	for (int i = 0; regime && i < 6; i++) {
		if (strcmp(regime, regimes[i]) == 0) {
			term->regime = (enum kinetic_motion_regime)i;
			known = true;
		}
	}
	if (!term->travel || !known || !number(object, "decay", &term->decay) ||
	    !number(object, "rest_distance", &term->rest_distance))
		return false;
	bool ok = true;
	switch (term->regime) {
	case KINETIC_REGIME_FREE:
	case KINETIC_REGIME_RIGID:
	case KINETIC_REGIME_FROZEN:
		break;
	case KINETIC_REGIME_CRITICAL:
		ok = number(bounce, "lambda", &term->lambda);
		break;
	case KINETIC_REGIME_UNDER:
	case KINETIC_REGIME_OVER:
		ok = number(bounce, "omega0", &term->omega0) && number(bounce, "omega", &term->omega) &&
		     number(bounce, "lambda", &term->lambda);
		break;
	}
	/* The settling duration may be +∞ (no damping): JSON null. */
	json_object *settling = NULL;
	if (ok && json_object_object_get_ex(bounce, "settling_duration", &settling) &&
	    !json_object_is_type(settling, json_type_null))
		ok = in_range(settling, &term->settling);
	else
		term->settling = INFINITY;
	return ok && momentum_signs(term);
}

/* Whether a momentum term's evaluation is finite at every probe time: from its start to 2⁴⁰ s after it, in steps of
 * a factor of 4, and at its settling time. The bounds and signs above make it so; this is the proof for the
 * description at hand, done once when it is read. */
static bool momentum_finite(struct term *term, const double *delta)
{
	double y[KINETIC_MAX_COMPONENTS], dy[KINETIC_MAX_COMPONENTS];
	for (double t = 0x1p-20; t <= 0x1p40; t *= 4) {
		term_evaluate(term, delta, t, y, dy);
		for (uint32_t i = 0; i < term->dimension; i++)
			if (!isfinite(y[i]) || !isfinite(dy[i]))
				return false;
	}
	if (isfinite(term->settling)) {
		term_evaluate(term, delta, term->settling, y, dy);
		for (uint32_t i = 0; i < term->dimension; i++)
			if (!isfinite(y[i]) || !isfinite(dy[i]))
				return false;
	}
	return true;
}

/* The signs of a momentum term's numbers, whichever encoding they came in (the magnitudes are checked as they are
 * read): a decay above 0, a rest distance and a settling duration from 0 (or a settling of +∞), and the rates its
 * regime uses as Spring's closed form has them. */
static bool momentum_signs(const struct term *term)
{
	if (!(term->decay > 0) || term->rest_distance < 0 || !(term->settling >= 0))
		return false;
	switch (term->regime) {
	case KINETIC_REGIME_CRITICAL:
		return term->lambda >= 0;
	case KINETIC_REGIME_UNDER:
	case KINETIC_REGIME_OVER:
		return term->omega0 >= 0 && term->lambda >= 0 &&
		       (term->regime == KINETIC_REGIME_UNDER ? term->omega > 0 : term->omega < 0);
	default:
		return true;
	}
}

/* UnitCurve.CubicSolver's coefficients, in its order, for control points (p1x, p1y) and (p2x, p2y) whose x run from 0
 * to 1; false otherwise. */
static bool curve_start(struct term *term, double p1x, double p1y, double p2x, double p2y)
{
	if (!(p1x >= 0 && p1x <= 1 && p2x >= 0 && p2x <= 1 && term->duration > 0))
		return false;
	term->cx = 3 * p1x;
	term->bx = 3 * (p2x - p1x) - term->cx;
	term->ax = 1 - term->cx - term->bx;
	term->cy = 3 * p1y;
	term->by = 3 * (p2y - p1y) - term->cy;
	term->ay = 1 - term->cy - term->by;
	return true;
}

/* A spring's state as evaluated starts as sent. */
static bool spring_start(struct term *term)
{
	term->x = copy(term->x0, term->dimension);
	term->v = copy(term->v0, term->dimension);
	term->a = copy(term->a0, term->dimension);
	term->clock = term->clock0;
	return term->x && term->v && term->a;
}

/* An empty term of `dimension` components, for term_parse() and term_read() to fill (NULL: out of memory). */
static struct term *term_new(uint32_t dimension)
{
	struct term *term = calloc(1, sizeof *term);
	if (term)
		term->dimension = dimension;
	return term;
}

static struct term *term_parse(json_object *object, uint32_t dimension, int depth)
{
	const char *kind = json_object_is_type(object, json_type_object) ?
		json_object_get_string(kinetic_json_member(object, "kind", json_type_string)) : NULL;
	if (!kind || depth > max_term_depth)
		return NULL;
	struct term *term = term_new(dimension);
	if (!term)
		return NULL;
	bool ok = false;
	if (strcmp(kind, "spring") == 0) {
		term->kind = TERM_SPRING;
		term->x0 = vector(object, "offset", dimension);
		term->v0 = vector(object, "velocity", dimension);
		term->a0 = vector(object, "force", dimension);
		ok = term->x0 && term->v0 && term->a0 && number(object, "stiffness", &term->stiffness) &&
		     number(object, "damping", &term->damping) && number(object, "clock", &term->clock0) &&
		     spring_start(term);
	} else if (strcmp(kind, "curve") == 0) {
		term->kind = TERM_CURVE;
		double *p1 = vector(object, "p1", 2), *p2 = vector(object, "p2", 2);
		/* A timing curve's x runs from 0 to 1 (UnitCurve), its duration is positive. */
		ok = p1 && p2 && number(object, "duration", &term->duration) && curve_start(term, p1[0], p1[1], p2[0], p2[1]);
		free(p1);
		free(p2);
	} else if (strcmp(kind, "momentum") == 0) {
		term->kind = TERM_MOMENTUM;
		ok = momentum_parse(term, object, dimension);
	} else if (strcmp(kind, "sum") == 0) {
		term->kind = TERM_SUM;
		json_object *entries = kinetic_json_member(object, "entries", json_type_array);
		size_t count = entries ? json_object_array_length(entries) : 0;
		term->entries = calloc(count ? count : 1, sizeof *term->entries);
		term->scratch = calloc(2 * (size_t)(dimension ? dimension : 1), sizeof *term->scratch);
		ok = entries && count > 0 && term->entries && term->scratch;
		for (size_t i = 0; ok && i < count; i++) {
			json_object *entry = json_object_array_get_idx(entries, i);
			struct sum_entry *e = &term->entries[i];
			term->count = i + 1;
			e->target = vector(entry, "target", dimension);
			json_object *inner = NULL;
			ok = json_object_is_type(entry, json_type_object) && number(entry, "start", &e->start) && e->target &&
			     json_object_object_get_ex(entry, "term", &inner);
			if (ok && inner) {
				e->term = term_parse(inner, dimension, depth + 1);
				ok = e->term != NULL;
			} else if (ok) {
				e->finished = e->sent_finished = true;
			}
		}
	}
	if (!ok) {
		term_free(term);
		return NULL;
	}
	return term;
}

int kinetic_motion_parse(const char *json, size_t length, uint64_t epoch_ns, uint64_t time_ns,
			 struct kinetic_motion **out)
{
	if (!out)
		return KINETIC_E_INVALID;
	*out = NULL;
	if (!json || length > KINETIC_MAX_MESSAGE)
		return KINETIC_E_INVALID;
	json_tokener *tokener = kinetic_json_tokener();
	if (!tokener)
		return KINETIC_E_NO_MEMORY;
	char problem[160];
	json_object *object = kinetic_json_parse(tokener, (const unsigned char *)json, length, problem, sizeof problem);
	json_tokener_free(tokener);
	int status = object ? kinetic_motion_read_object(object, epoch_ns, time_ns, out) : KINETIC_E_PROTOCOL;
	json_object_put(object);
	return status;
}

/* Whether the closed forms in `term` evaluate to finite numbers (momentum_finite), towards `delta`: a sum's entries
 * towards their targets. Springs need no probe: their stepping stops (settled on the model) once anything overflows. */
static bool finite_everywhere(struct term *term, const double *delta)
{
	if (term->kind == TERM_MOMENTUM)
		return momentum_finite(term, delta);
	for (size_t i = 0; term->kind == TERM_SUM && i < term->count; i++)
		if (term->entries[i].term && !finite_everywhere(term->entries[i].term, term->entries[i].target))
			return false;
	return true;
}

/* A motion of `channel` described at `time_ns`, its kind and numbers still to be read; NULL when out of memory. */
static struct kinetic_motion *motion_new(const char *channel, uint64_t epoch_ns, uint64_t time_ns)
{
	struct kinetic_motion *motion = calloc(1, sizeof *motion);
	if (!motion || !(motion->channel = strdup(channel))) {
		kinetic_motion_destroy(motion);
		return NULL;
	}
	motion->epoch_ns = epoch_ns;
	motion->time_ns = time_ns;
	motion->last = -INFINITY;
	return motion;
}

int kinetic_motion_read_object(json_object *object, uint64_t epoch_ns, uint64_t time_ns, struct kinetic_motion **out)
{
	*out = NULL;
	if (!json_object_is_type(object, json_type_object))
		return KINETIC_E_PROTOCOL;
	json_object *name = kinetic_json_member(object, "channel", json_type_string);
	const char *channel = json_object_get_string(name);
	const char *kind = json_object_get_string(kinetic_json_member(object, "kind", json_type_string));
	if (!channel || !kind || !kinetic_valid_name(channel, (size_t)json_object_get_string_len(name)))
		return KINETIC_E_PROTOCOL;
	struct kinetic_motion *motion = motion_new(channel, epoch_ns, time_ns);
	if (!motion)
		return KINETIC_E_NO_MEMORY;
	bool ok = false;
	if (strcmp(kind, "frames") == 0) {
		motion->kind = KINETIC_MOTION_FRAMES;
		const char *reason = json_object_get_string(kinetic_json_member(object, "reason", json_type_string));
		ok = (motion->reason = strdup(reason ? reason : "")) != NULL;
	} else {
		json_object *model = kinetic_json_member(object, "model", json_type_array);
		size_t dimension = model ? json_object_array_length(model) : 0;
		ok = model && dimension >= 1 && dimension <= KINETIC_MAX_COMPONENTS;
		motion->dimension = (uint32_t)dimension;
		if (ok)
			ok = (motion->model = vector(object, "model", motion->dimension)) != NULL;
		if (ok && strcmp(kind, "rest") == 0) {
			motion->kind = KINETIC_MOTION_REST;
		} else if (ok && strcmp(kind, "animation") == 0) {
			motion->kind = KINETIC_MOTION_ANIMATION;
			json_object *term = kinetic_json_member(object, "term", json_type_object);
			motion->interval = vector(object, "interval", motion->dimension);
			motion->y = calloc(dimension ? dimension : 1, sizeof *motion->y);
			motion->dy = calloc(dimension ? dimension : 1, sizeof *motion->dy);
			ok = motion->interval && motion->y && motion->dy && number(object, "begin", &motion->begin) && term &&
			     (motion->term = term_parse(term, motion->dimension, 0)) != NULL &&
			     finite_everywhere(motion->term, motion->interval);
		} else {
			ok = false;
		}
	}
	if (!ok) {
		kinetic_motion_destroy(motion);
		return KINETIC_E_PROTOCOL;
	}
	*out = motion;
	return KINETIC_OK;
}

/* A binary motion entry's bytes (docs/PROTOCOL.md "Motion descriptors in binary"), read little-endian; a read past
 * the end, or a number beyond the limits, leaves `ok` false, and nothing read after that counts. */
struct reader {
	const unsigned char *p;
	size_t left;
	bool ok;
};

static const unsigned char *take(struct reader *r, size_t n)
{
	if (!r->ok || r->left < n) {
		r->ok = false;
		return NULL;
	}
	const unsigned char *p = r->p;
	r->p += n;
	r->left -= n;
	return p;
}

static uint8_t read_u8(struct reader *r)
{
	const unsigned char *p = take(r, 1);
	return p ? p[0] : 0;
}

static double read_f64(struct reader *r)
{
	const unsigned char *p = take(r, 8);
	if (!p)
		return 0;
	uint64_t bits = kinetic_load_u64(p);
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

static bool within(double x) { return isfinite(x) && fabs(x) <= KINETIC_MAX_MOTION_MAGNITUDE; }

/* A number within ±KINETIC_MAX_MOTION_MAGNITUDE, as the JSON form's in_range(). */
static bool read_number(struct reader *r, double *out)
{
	*out = read_f64(r);
	if (r->ok && !within(*out))
		r->ok = false;
	return r->ok;
}

/* `dimension` numbers, newly allocated, or NULL (the length is checked before anything is allocated). */
static double *read_vector(struct reader *r, uint32_t dimension)
{
	if (!r->ok || r->left / 8 < dimension) {
		r->ok = false;
		return NULL;
	}
	double *out = calloc(dimension ? dimension : 1, sizeof *out);
	for (uint32_t i = 0; out && i < dimension; i++)
		read_number(r, &out[i]);
	if (!r->ok) {
		free(out);
		return NULL;
	}
	return out;
}

/* A term in binary: term_parse()'s checks, on numbers that come as the engine holds them. */
static struct term *term_read(struct reader *r, uint32_t dimension, int depth)
{
	uint8_t kind = read_u8(r);
	if (!r->ok || depth > max_term_depth)
		return NULL;
	struct term *term = term_new(dimension);
	if (!term)
		return NULL;
	bool ok = false;
	switch (kind) {
	case KINETIC_MOTION_TERM_SPRING:
		term->kind = TERM_SPRING;
		ok = read_number(r, &term->stiffness) && read_number(r, &term->damping) &&
		     (term->x0 = read_vector(r, dimension)) && (term->v0 = read_vector(r, dimension)) &&
		     (term->a0 = read_vector(r, dimension)) && read_number(r, &term->clock0) && spring_start(term);
		break;
	case KINETIC_MOTION_TERM_CURVE: {
		term->kind = TERM_CURVE;
		double p1x, p1y, p2x, p2y;
		ok = read_number(r, &p1x) && read_number(r, &p1y) && read_number(r, &p2x) && read_number(r, &p2y) &&
		     read_number(r, &term->duration) && curve_start(term, p1x, p1y, p2x, p2y);
		break;
	}
	case KINETIC_MOTION_TERM_MOMENTUM: {
		term->kind = TERM_MOMENTUM;
		ok = read_number(r, &term->decay) && (term->travel = read_vector(r, dimension)) &&
		     read_number(r, &term->rest_distance);
		uint8_t regime = read_u8(r);
		/* All four rates are sent; only those the regime uses are checked and kept (a rigid spring's ω₀ is +∞). */
		double omega0 = read_f64(r), omega = read_f64(r), lambda = read_f64(r), settling = read_f64(r);
		ok = ok && r->ok && regime <= KINETIC_REGIME_OVER && (settling == INFINITY || within(settling));
		term->regime = (enum kinetic_motion_regime)regime;
		term->settling = settling;
		if (ok && term->regime == KINETIC_REGIME_CRITICAL) {
			ok = within(lambda);
			term->lambda = lambda;
		} else if (ok && (term->regime == KINETIC_REGIME_UNDER || term->regime == KINETIC_REGIME_OVER)) {
			ok = within(omega0) && within(omega) && within(lambda);
			term->omega0 = omega0;
			term->omega = omega;
			term->lambda = lambda;
		}
		ok = ok && momentum_signs(term);
		break;
	}
	case KINETIC_MOTION_TERM_SUM: {
		term->kind = TERM_SUM;
		const unsigned char *p = take(r, 4);
		uint32_t count = p ? kinetic_load_u32(p) : 0;
		/* Each entry takes at least 9 bytes: a count beyond what is left is refused before anything is allocated. */
		ok = p && count >= 1 && count <= r->left / 9;
		if (ok) {
			term->entries = calloc(count, sizeof *term->entries);
			term->scratch = calloc(2 * (size_t)(dimension ? dimension : 1), sizeof *term->scratch);
			ok = term->entries && term->scratch;
		}
		for (uint32_t i = 0; ok && i < count; i++) {
			struct sum_entry *e = &term->entries[i];
			term->count = i + 1;
			ok = read_number(r, &e->start) && (e->target = read_vector(r, dimension));
			uint8_t present = read_u8(r);
			ok = ok && r->ok && present <= 1;
			if (ok && present)
				ok = (e->term = term_read(r, dimension, depth + 1)) != NULL;
			else if (ok)
				e->finished = e->sent_finished = true;
		}
		break;
	}
	}
	if (!ok) {
		term_free(term);
		return NULL;
	}
	return term;
}

int kinetic_motion_read_binary(const unsigned char **bytes, size_t *left, const char *channel, uint32_t dimension,
			       const struct kinetic_motion *previous, uint64_t epoch_ns, uint64_t time_ns,
			       struct kinetic_motion **out)
{
	*out = NULL;
	struct reader r = { .p = *bytes, .left = *left, .ok = true };
	struct kinetic_motion *motion = motion_new(channel, epoch_ns, time_ns);
	if (!motion)
		return KINETIC_E_NO_MEMORY;
	motion->dimension = dimension;
	uint8_t kind = read_u8(&r);
	bool ok = r.ok && dimension >= 1 && dimension <= KINETIC_MAX_COMPONENTS;
	if (ok && kind == KINETIC_MOTION_ENTRY_FRAMES) {
		motion->kind = KINETIC_MOTION_FRAMES;
		const unsigned char *p = take(&r, 2);
		size_t length = p ? (size_t)p[0] | (size_t)p[1] << 8 : 0;
		const unsigned char *reason = take(&r, length);
		ok = reason && !memchr(reason, 0, length) && (motion->reason = strndup((const char *)reason, length));
	} else if (ok && kind == KINETIC_MOTION_ENTRY_REST) {
		motion->kind = KINETIC_MOTION_REST;
		ok = (motion->model = read_vector(&r, dimension)) != NULL;
	} else if (ok && (kind == KINETIC_MOTION_ENTRY_ANIMATION || kind == KINETIC_MOTION_ENTRY_SPRING_UPDATE)) {
		motion->kind = KINETIC_MOTION_ANIMATION;
		motion->y = calloc(dimension, sizeof *motion->y);
		motion->dy = calloc(dimension, sizeof *motion->dy);
		ok = motion->y && motion->dy && (motion->model = read_vector(&r, dimension)) &&
		     (motion->interval = read_vector(&r, dimension));
		if (ok && kind == KINETIC_MOTION_ENTRY_ANIMATION) {
			ok = read_number(&r, &motion->begin) && (motion->term = term_read(&r, dimension, 0)) != NULL &&
			     finite_everywhere(motion->term, motion->interval);
		} else if (ok) {
			/* The previous description's spring, with a new target and state. */
			const struct term *spring = previous && previous->kind == KINETIC_MOTION_ANIMATION ? previous->term : NULL;
			ok = spring && spring->kind == TERM_SPRING && previous->dimension == dimension &&
			     (motion->term = calloc(1, sizeof *motion->term)) != NULL;
			if (ok) {
				struct term *term = motion->term;
				motion->begin = previous->begin;
				term->kind = TERM_SPRING;
				term->dimension = dimension;
				term->stiffness = spring->stiffness;
				term->damping = spring->damping;
				ok = (term->x0 = read_vector(&r, dimension)) && (term->v0 = read_vector(&r, dimension)) &&
				     (term->a0 = read_vector(&r, dimension)) && read_number(&r, &term->clock0) &&
				     spring_start(term);
			}
		}
	} else {
		ok = false;
	}
	if (!ok || !r.ok) {
		kinetic_motion_destroy(motion);
		return KINETIC_E_PROTOCOL;
	}
	*bytes = r.p;
	*left = r.left;
	*out = motion;
	return KINETIC_OK;
}

static void term_restart(struct term *term)
{
	term->finished = false;
	if (term->kind == TERM_SPRING) {
		memcpy(term->x, term->x0, term->dimension * sizeof *term->x);
		memcpy(term->v, term->v0, term->dimension * sizeof *term->v);
		memcpy(term->a, term->a0, term->dimension * sizeof *term->a);
		term->clock = term->clock0;
	}
	for (size_t i = 0; i < term->count; i++) {
		term->entries[i].finished = term->entries[i].sent_finished;
		if (term->entries[i].term)
			term_restart(term->entries[i].term);
	}
}

/* UnitCurve.CubicSolver: x(t) solved by Newton's method, then bisection, to 2⁻²⁰; y rounded to multiples of 2⁻²⁰. */
static double sample_x(const struct term *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static double sample_y(const struct term *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static double sample_derivative_x(const struct term *c, double t) { return (3 * c->ax * t + 2 * c->bx) * t + c->cx; }

static double solve_x(const struct term *c, double x, double epsilon)
{
	double t = x;
	for (int i = 0; i < 8; i++) {
		double error = sample_x(c, t) - x;
		if (fabs(error) < epsilon)
			return t;
		double slope = sample_derivative_x(c, t);
		if (fabs(slope) < epsilon)
			break;
		t -= error / slope;
	}
	double lower = 0, upper = 1;
	t = x;
	if (t < lower)
		return lower;
	if (t > upper)
		return upper;
	for (int i = 0; i < 64 && lower < upper; i++) {
		double sample = sample_x(c, t);
		if (fabs(sample - x) < epsilon)
			return t;
		if (x > sample)
			lower = t;
		else
			upper = t;
		t = (upper - lower) / 2 + lower;
	}
	return t;
}

static double curve_value(const struct term *c, double x)
{
	const double precision = 1.0 / 1048576.0;
	double t = solve_x(c, x, precision);
	return round(sample_y(c, t) * 1048576.0) / 1048576.0;
}

/* Spring.motionCoefficients: value = a·target + b·v₀, velocity = c·target + d·v₀. */
static void spring_coefficients(const struct term *s, double t, double k[4])
{
	double omega0 = s->omega0, lambda = s->lambda, omega = s->omega;
	switch (s->regime) {
	case KINETIC_REGIME_FREE:
		k[0] = 0, k[1] = t, k[2] = 0, k[3] = 1;
		return;
	case KINETIC_REGIME_RIGID:
		if (t > 0)
			k[0] = 1, k[1] = 0, k[2] = 0, k[3] = 0;
		else
			k[0] = 0, k[1] = 0, k[2] = 0, k[3] = 1;
		return;
	case KINETIC_REGIME_FROZEN:
		k[0] = 0, k[1] = 0, k[2] = 0, k[3] = t > 0 ? 0 : 1;
		return;
	case KINETIC_REGIME_UNDER: {
		double e = exp(-lambda * t), sinc = sin(omega * t) / omega, co = cos(omega * t), b = e * sinc;
		k[0] = 1 - e * (lambda * sinc + co), k[1] = b, k[2] = omega0 * (omega0 * b), k[3] = e * (co - lambda * sinc);
		return;
	}
	case KINETIC_REGIME_CRITICAL: {
		double e = exp(-lambda * t);
		k[0] = 1 - e * (1 + lambda * t), k[1] = e * t, k[2] = e * lambda * lambda * t, k[3] = e * (1 - lambda * t);
		return;
	}
	case KINETIC_REGIME_OVER: {
		double mu = -omega;
		if (mu * fabs(t) < 1) {
			double e = exp(-lambda * t), sinhc = sinh(mu * t) / mu, ch = cosh(mu * t), b = e * sinhc;
			k[0] = 1 - e * (lambda * sinhc + ch), k[1] = b, k[2] = omega0 * (omega0 * b),
			k[3] = e * (ch - lambda * sinhc);
			return;
		}
		double fast = omega - lambda;
		if (!isfinite(fast)) {
			k[0] = 0, k[1] = 0, k[2] = 0, k[3] = t > 0 ? 0 : 1;
			return;
		}
		double slow = omega0 * (omega0 / fast), e1 = exp(slow * t), e2 = exp(fast * t), gap = slow - fast;
		double b = (e1 - e2) / gap;
		k[0] = 1 - (slow * e2 - fast * e1) / gap, k[1] = b, k[2] = omega0 * (omega0 * b),
		k[3] = (slow * e1 - fast * e2) / gap;
		return;
	}
	}
}

/* Spring.combine: the sum of the terms whose factor is not zero. */
static double combine(double u, double p, double w, double q)
{
	double result = 0;
	if (p != 0)
		result += u * p;
	if (q != 0)
		result += w * q;
	return result;
}

/* MomentumAnimation.component: one component's offset, velocity and whether it rests. */
static bool momentum_component(const struct term *m, double c, double d, double t, double *value, double *velocity)
{
	double k = m->decay;
	bool same_way = c != 0 && d != 0 && (c > 0) == (d > 0);
	if (c == 0 && d == 0) {
		*value = 0, *velocity = 0;
		return true;
	}
	if (same_way && (fabs(c) >= fabs(d) * (1 - 1e-12) || k <= 0)) {
		double decay = exp(-k * t);
		*value = c * (1 - decay), *velocity = k * c * decay;
		return fabs(c) * decay <= m->rest_distance;
	}
	double start = 0, base = 0, speed = k * d;
	if (same_way) {
		start = -log(1 - c / d) / k;
		if (t < start) {
			double decay = exp(-k * t);
			*value = d * (1 - decay), *velocity = k * d * decay;
			return false;
		}
		base = c;
		speed = k * (d - c);
	}
	double s = t - start, coefficients[4] = { 0, 0, 0, 0 };
	spring_coefficients(m, s, coefficients);
	*value = base + combine(c - base, coefficients[0], speed, coefficients[1]);
	*velocity = combine(c - base, coefficients[2], speed, coefficients[3]);
	return s >= m->settling;
}

static double magnitude_squared(const double *x, uint32_t n)
{
	double sum = 0;
	for (uint32_t i = 0; i < n; i++)
		sum += x[i] * x[i];
	return sum;
}

/* The fluid spring's sub-steps (FluidSpringStepper) from the term's clock to `t`, then its rest rule; false once it has
 * finished. */
static bool spring_evaluate(struct term *term, const double *delta, double t, double *y, double *dy)
{
	uint32_t n = term->dimension;
	if (t - term->clock > (max_sub_steps + 2) * step_interval) {
		/* More than the bound's sub-steps away: the loop would run them all and stop at the bound. */
		term->finished = true;
		return false;
	}
	for (int steps = 0; term->clock < t; steps++) {
		if (steps > max_sub_steps) {
			term->finished = true;
			return false;
		}
		term->clock += step_interval;
		for (uint32_t i = 0; i < n; i++) {
			double half_velocity = term->v[i] + term->a[i] * half_step_interval;
			term->x[i] += half_velocity * step_interval;
			term->a[i] = (delta[i] - term->x[i]) * term->stiffness - half_velocity * term->damping;
			term->v[i] = half_velocity + term->a[i] * half_step_interval;
		}
	}
	double velocity_squared = magnitude_squared(term->v, n), force_squared = magnitude_squared(term->a, n);
	double tolerance_squared = 0, remaining_squared = 0;
	for (uint32_t i = 0; i < n; i++) {
		double tolerance = delta[i] * target_tolerance, remaining = delta[i] - term->x[i];
		tolerance_squared += tolerance * tolerance;
		remaining_squared += remaining * remaining;
	}
	if (!isfinite(velocity_squared) || !isfinite(force_squared) || !isfinite(magnitude_squared(term->x, n)) ||
	    (fmax(velocity_squared, force_squared) <= rest_threshold_squared &&
	     !(tolerance_squared > 0 && tolerance_squared < remaining_squared))) {
		term->finished = true;
		return false;
	}
	memcpy(y, term->x, n * sizeof *y);
	memcpy(dy, term->v, n * sizeof *dy);
	return true;
}

/* The term's offset y (and velocity dy, NaN where the engine reports none) animating `delta` at elapsed `t`; false
 * once it has finished. */
static bool term_evaluate(struct term *term, const double *delta, double t, double *y, double *dy)
{
	uint32_t n = term->dimension;
	if (term->finished)
		return false;
	switch (term->kind) {
	case TERM_SPRING:
		return spring_evaluate(term, delta, t, y, dy);
	case TERM_CURVE: {
		if (!(term->duration > 0) || !(t <= term->duration) || !isfinite(magnitude_squared(delta, n)))
			return false;
		double fraction = curve_value(term, fmin(fmax(t / term->duration, 0), 1));
		if (!isfinite(fraction))
			return false;
		for (uint32_t i = 0; i < n; i++) {
			y[i] = delta[i] * fraction;
			dy[i] = NAN;
		}
		return true;
	}
	case TERM_MOMENTUM: {
		bool done = true;
		for (uint32_t i = 0; i < n; i++)
			done = momentum_component(term, delta[i], term->travel[i], t, &y[i], &dy[i]) && done;
		return !done;
	}
	case TERM_SUM: {
		double *result = term->scratch, *remaining = term->scratch + n;
		memset(result, 0, n * sizeof *result);
		for (size_t e = 0; e < term->count; e++) {
			struct sum_entry *entry = &term->entries[e];
			if (entry->finished) {
				memcpy(result, entry->target, n * sizeof *result);
				continue;
			}
			for (uint32_t i = 0; i < n; i++)
				remaining[i] = entry->target[i] - result[i];
			if (term_evaluate(entry->term, remaining, t - entry->start, y, dy)) {
				for (uint32_t i = 0; i < n; i++)
					result[i] += y[i];
			} else {
				for (uint32_t i = 0; i < n; i++)
					result[i] += remaining[i];
				entry->finished = true;
			}
		}
		if (term->entries[term->count - 1].finished)
			return false;
		memcpy(y, result, n * sizeof *y);
		for (uint32_t i = 0; i < n; i++)
			dy[i] = NAN;
		return true;
	}
	}
	return false;
}

int kinetic_motion_evaluate(struct kinetic_motion *motion, uint64_t time_ns, double *value, double *velocity)
{
	if (!motion || !value)
		return KINETIC_E_INVALID;
	uint32_t n = motion->dimension;
	if (motion->kind == KINETIC_MOTION_FRAMES)
		return KINETIC_E_INVALID;
	if (motion->kind == KINETIC_MOTION_ANIMATION) {
		/* Graph seconds as the daemon computes them (GraphChannelEngine.seconds). */
		double now = time_ns > motion->epoch_ns ? (double)(time_ns - motion->epoch_ns) / 1e9 : 0;
		if (now < motion->last) {
			motion->finished = false;
			term_restart(motion->term);
		}
		motion->last = now;
		double elapsed = fmax(0, now - motion->begin);
		if (!motion->finished && term_evaluate(motion->term, motion->interval, elapsed, motion->y, motion->dy)) {
			bool finite = true;
			for (uint32_t i = 0; i < n; i++) {
				value[i] = motion->model[i] + (motion->y[i] - motion->interval[i]);
				if (velocity)
					velocity[i] = motion->dy[i];
				/* A velocity the engine does not report is NaN on purpose; a value is always finite. */
				finite = finite && isfinite(value[i]) && !isinf(motion->dy[i]);
			}
			if (finite)
				return KINETIC_OK;
		}
		/* Finished — or, for a description that passed every check and still overflowed, settled on its model
		 * rather than handing the caller a non-finite number. */
		motion->finished = true;
	}
	for (uint32_t i = 0; i < n; i++) {
		value[i] = motion->model[i];
		if (velocity)
			velocity[i] = 0;
	}
	return KINETIC_OK;
}

enum kinetic_motion_kind kinetic_motion_kind(const struct kinetic_motion *motion)
{
	return motion ? motion->kind : KINETIC_MOTION_FRAMES;
}
const char *kinetic_motion_channel(const struct kinetic_motion *motion) { return motion ? motion->channel : NULL; }
const char *kinetic_motion_reason(const struct kinetic_motion *motion) { return motion ? motion->reason : NULL; }
uint32_t kinetic_motion_dimension(const struct kinetic_motion *motion) { return motion ? motion->dimension : 0; }
uint64_t kinetic_motion_time_ns(const struct kinetic_motion *motion) { return motion ? motion->time_ns : 0; }
