// Deterministic replay speed (issue 6 §7): how much faster than real time `kineticctl replay` runs.
//
// Usage: kinetic-replay-bench [RECORDING ...]   (default: every Recordings/*.evemu and the shared fixture)
// Run with `make bench-replay` (release build). For each recording, the replay — pipeline, engine and
// JSON Lines encoding of every frame, output discarded — is repeated for at least one second of wall time.
import Foundation
import KineticInput
import KineticServer

let arguments = Array(CommandLine.arguments.dropFirst())
var paths = arguments
if paths.isEmpty {
    let directory = "Recordings"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    paths = names.filter { $0.hasSuffix(".evemu") }.sorted().map { "\(directory)/\($0)" }
    if FileManager.default.fileExists(atPath: "../shared/fixtures/example-swipe.evemu") {
        paths.append("../shared/fixtures/example-swipe.evemu")
    }
}
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("kinetic-replay-bench: no recordings (run from the repository root)\n".utf8))
    exit(2)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

print("recording                      events  input ms  frames  replayed ms   µs/replay    frames/s   ×real(input)  ×real(replayed)")
var totalFrames = 0
var totalWall = 0.0
var totalInput = 0.0
var totalReplayed = 0.0
for path in paths {
    let recording: Recording
    do {
        guard let first = try RecordingFormat.read(contentsOf: path).first else { continue }
        recording = first
    } catch {
        FileHandle.standardError.write(Data("kinetic-replay-bench: \(error)\n".utf8))
        exit(1)
    }
    let replay = try GestureReplay(recording: recording)
    var bytes = 0
    let frames = replay.writeJSONLines { bytes += $0.count }
    let inputSeconds = Double((recording.events.last?.time.nanoseconds ?? 0) - (recording.events.first?.time.nanoseconds ?? 0)) / 1e9
    let replayedSeconds = Double(max(0, frames - 1)) / replay.options.rateHz
    let clock = ContinuousClock()
    var runs = 0
    let start = clock.now
    var elapsed = 0.0
    while elapsed < 1.0 || runs < 10 {
        replay.writeJSONLines { bytes &+= $0.count }
        runs += 1
        elapsed = seconds(clock.now - start)
    }
    let perReplay = elapsed / Double(runs)
    totalFrames += frames * runs
    totalWall += elapsed
    totalInput += inputSeconds * Double(runs)
    totalReplayed += replayedSeconds * Double(runs)
    let name = (path as NSString).lastPathComponent
    print(name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: " %8d %9.1f %7d %12.1f %11.1f %11.0f %14.0f %16.0f", recording.events.count,
                 inputSeconds * 1000, frames, replayedSeconds * 1000, perReplay * 1e6, Double(frames) / perReplay,
                 inputSeconds / perReplay, replayedSeconds / perReplay))
    if bytes == 0 { print("(no output)") }
}
print(String(format: "all: %.0f frames/s; %.0f× real time over the recordings' input, %.0f× over the replayed span (%.1f s wall)",
             Double(totalFrames) / totalWall, totalInput / totalWall, totalReplayed / totalWall, totalWall))
