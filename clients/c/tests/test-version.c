/* What kinetic_client_connect says when there is no daemon, when the daemon speaks another protocol version, and when
 * it does not answer: a stand-in daemon (stand-in.h) plays each part. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kinetic-client.h"
#include "stand-in.h"

/* Connects to a stand-in that answers the hello with `script` (nothing: silence), waiting at most `timeout_ms`. */
static int connect_to(const unsigned char *script, size_t length, int timeout_ms)
{
	struct stand_in stand_in;
	if (stand_in_start(&stand_in, script, length, NULL, 0))
		return 1;
	struct kinetic_client *client = (struct kinetic_client *)1;
	int status = kinetic_client_connect(stand_in.socket, NULL, timeout_ms, NULL, NULL, &client);
	CHECK(client == NULL, "no client on failure");
	CHECK(stand_in_stop(&stand_in) == 0, "the client's first message was a binary hello");
	return status;
}

int main(void)
{
	struct kinetic_client *client = (struct kinetic_client *)1;
	const char *path = "/nonexistent/kinetic-test/stand-in.sock";
	int status = kinetic_client_connect(path, NULL, 1000, NULL, NULL, &client);
	CHECK(status == KINETIC_E_NO_DAEMON && client == NULL, "nothing there: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), path) && strstr(kinetic_connect_error_message(), "KINETIC_SOCKET"),
	      "the message names the socket and the way out: %s", kinetic_connect_error_message());

	unsigned char script[512];
	const char *hello = "{\"type\":\"hello\",\"protocol\":2,\"minor\":0,\"server\":\"kineticd 9\",\"tick_hz\":120}";
	size_t length = stand_in_message(script, 1, hello, strlen(hello));
	script[12] = 2; /* the hello's major version: 2 */
	status = connect_to(script, length, 5000);
	CHECK(status == KINETIC_E_VERSION, "major 2: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), "protocol 2"), "names the daemon's version: %s",
	      kinetic_connect_error_message());

	const char *refusal = "{\"type\":\"error\",\"code\":\"version_unsupported\",\"message\":\"protocol 7 is not supported\"}";
	status = connect_to(script, stand_in_message(script, 8, refusal, strlen(refusal)), 5000);
	CHECK(status == KINETIC_E_VERSION, "version_unsupported: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), "protocol 7 is not supported"), "passes the daemon's words on: %s",
	      kinetic_connect_error_message());

	status = connect_to(script, 0, 200);
	CHECK(status == KINETIC_E_TIMEOUT, "no answer: %s", kinetic_status_name(status));

	/* A hello whose JSON is broken, or lacks the server's name and tick rate, is not a kineticd's. */
	const char *broken[] = { "{\"server\":\"kineticd 1\",", "{\"server\":\"kineticd 1\"}", "[1]",
				 "{\"server\":\"kineticd 1\",\"tick_hz\":-5}" };
	for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
		status = connect_to(script, stand_in_message(script, 1, broken[i], strlen(broken[i])), 5000);
		CHECK(status == KINETIC_E_PROTOCOL && strstr(kinetic_connect_error_message(), "kineticd's"),
		      "hello %s: %s (%s)", broken[i], kinetic_status_name(status), kinetic_connect_error_message());
	}

	if (failures)
		fprintf(stderr, "test-version: %d checks failed\n", failures);
	else
		printf("test-version: every check passed\n");
	return failures ? 1 : 0;
}
