// Deterministic replay speed: how much faster than real time a recording replays.
//
// Usage: KineticReplayBench [RECORDING ...]   (default: every Recordings/*.evemu and Tests/Fixtures/example-swipe.evemu)
// Run it with `make bench-replay` (release build). The one replay path (ReplayDriver → bindings →
// GraphChannelEngine → ServerCore on the virtual clock) is timed per recording, repeated for at least 0.5 s of wall
// time, with two subscribers:
//   offline — OfflineReplay.jsonLines, what `kineticctl replay` prints: a JSON Lines subscriber;
//   binary  — the same replay with a binary subscriber (what a client in another language would read);
//   +motion — the binary replay with a second binary subscriber that asked for motion descriptors (docs/PROTOCOL.md,
//             "Motion descriptors"): the core's added work for one motion subscriber (describing, encoding).
// "× real time" is the replayed span (first event to the last frame, including the settling after the last
// event) divided by the wall time of one replay; "× input" uses the recording's own duration instead.
import Foundation
import KineticInput
import KineticBindings
import KineticServerCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("KineticReplayBench: \(message)\n".utf8))
    exit(1)
}

var paths = Array(CommandLine.arguments.dropFirst())
if paths.isEmpty {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "Recordings")) ?? []
    paths = names.filter { $0.hasSuffix(".evemu") }.sorted().map { "Recordings/\($0)" }
    paths.append("Tests/Fixtures/example-swipe.evemu")
}
if paths.isEmpty { fail("no recordings (run from the repository root)") }

let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
/// Repeats `body` for at least `minimum` seconds (and 5 runs); returns the wall time of one run.
func time(minimum: Double = 0.5, _ body: () throws -> Void) rethrows -> Double {
    var runs = 0
    let start = clock.now
    var elapsed = 0.0
    while elapsed < minimum || runs < 5 {
        try body()
        runs += 1
        elapsed = seconds(clock.now - start)
    }
    return elapsed / Double(runs)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

print(pad("recording", 26) + pad("events", 8) + pad("input ms", 10) + pad("span ms", 9) + pad("frames", 8)
      + pad("offline µs", 12) + pad("frames/s", 11) + pad("× real", 9) + pad("× input", 9)
      + pad("binary µs", 11) + pad("× real", 9) + pad("+motion µs", 12))
var totals = (span: 0.0, offline: 0.0, binary: 0.0, frames: 0.0, motion: 0.0)
for path in paths {
    let recording: Recording
    do {
        guard let first = try RecordingFormat.read(contentsOf: path).first else { continue }
        recording = first
    } catch {
        fail("\(error)")
    }
    let configuration = DaemonConfiguration.embeddedDefault
    let schedule = ReplaySchedule(recordings: [recording])
    var lines: [String] = []
    let offline: Double
    let binary: Double
    let withMotion: Double
    var binaryFrames = 0
    do {
        offline = try time { lines = try OfflineReplay.run(schedule: schedule, configuration: configuration) }
        binary = try time {
            binaryFrames = try OfflineReplay.replay(schedule: schedule, configuration: configuration, encoding: .binary)
                .collector.frames.count
        }
        withMotion = try time {
            _ = try OfflineReplay.replay(schedule: schedule, configuration: configuration, encoding: .binary, motion: true)
        }
    } catch {
        fail("\(path): \(error)")
    }
    let frames = Double(lines.count)
    let inputSeconds = Double(schedule.endNanoseconds - schedule.startNanoseconds) / 1e9
    // The frames run from the first event (tick 0) for (frames − 1) periods.
    let span = max(inputSeconds, (frames - 1) / configuration.rateHz)
    totals.span += span
    totals.offline += offline
    totals.binary += binary
    totals.frames += frames
    totals.motion += withMotion
    let name = (path as NSString).lastPathComponent
    print(pad(name, 26) + pad("\(recording.events.count)", 8) + pad(String(format: "%.0f", inputSeconds * 1000), 10)
          + pad(String(format: "%.0f", span * 1000), 9) + pad("\(lines.count)", 8)
          + pad(String(format: "%.0f", offline * 1e6), 12) + pad(String(format: "%.0f", frames / offline), 11)
          + pad(String(format: "%.0f", span / offline), 9) + pad(String(format: "%.0f", inputSeconds / offline), 9)
          + pad(String(format: "%.0f", binary * 1e6), 11) + pad(String(format: "%.0f", span / binary), 9)
          + pad(String(format: "%.0f", withMotion * 1e6), 12))
    if binaryFrames != lines.count { fail("\(path): \(binaryFrames) binary frames but \(lines.count) JSON frames") }
}
print(String(format: "all recordings: kineticctl replay path %.0f× real time (%.0f frames/s); binary subscriber %.0f× real time",
             totals.span / totals.offline, totals.frames / totals.offline, totals.span / totals.binary))
print(String(format: "a motion subscriber beside the binary one: %.0f× real time, %.1f µs more per replayed second (%.0f%% of the binary replay)",
             totals.span / totals.motion, (totals.motion - totals.binary) / totals.span * 1e6,
             (totals.motion - totals.binary) / totals.binary * 100))
