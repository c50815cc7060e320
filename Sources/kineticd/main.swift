// SPDX-License-Identifier: Apache-2.0
// The kineticd executable of a build tree; the installed kineticd is the multi-call `kinetic` (Sources/kinetic).
import KineticdCommand

await KineticdTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
