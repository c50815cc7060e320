// SPDX-License-Identifier: Apache-2.0
// The kineticctl executable of a build tree; the installed kineticctl is the multi-call `kinetic` (Sources/kinetic).
import KineticctlCommand

await KineticctlTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
