// SPDX-License-Identifier: Apache-2.0
import CConcurrencyHook
import NIOCore
import NIOPosix

/// Keeps an idle `kineticd` at zero wake-ups.
///
/// On Linux, Swift concurrency's default global executor runs jobs on libdispatch's global
/// (non-overcommit) queues, and the first worker thread of such a queue arms libdispatch's
/// workqueue monitor: a timer on the manager queue that fires once a second for the rest of the
/// process's life, whether or not anything is queued. ServiceLifecycle and the async entry point
/// use the global executor, so without this an idle daemon wakes every second.
///
/// ``install()`` makes SwiftNIO's singleton event loop group Swift concurrency's global executor
/// (NIO's `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`), reduced to
/// one loop thread: an idle NIO loop sleeps in `epoll_wait` with no timeout. The daemon's other
/// threads (its server event loop, the serial Dispatch queues of the tick clock and live input)
/// are already silent while idle. `Task.sleep` still uses libdispatch's global timer queue, so
/// nothing in the daemon's steady state may sleep that way (the systemd watchdog uses the event
/// loop's scheduled tasks instead).
public enum IdleExecutor {
    /// Installs the event-loop global executor. Call once, from the main thread, before the first
    /// `await`. Returns whether the hook was installed (false where the runtime offers no hook).
    ///
    /// NIO finds the runtime's hook with dlsym, which cannot see it when the Swift runtime is linked statically (the
    /// Debian package): then the same hook is set here, through its address taken at link time
    /// (``CConcurrencyHook``). Without that, the package's idle daemon woke once a second (scripts/check-idle.sh,
    /// which `make test` runs on a statically linked build).
    @discardableResult
    public static func install() -> Bool {
        NIOSingletons.groupLoopCountSuggestion = 1
        if NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() { return true }
        return installThroughLinkedHook()
    }

    /// The runtime's hook type: the job, and the enqueue function it replaces (unused: every job goes to the loop).
    private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Sets the runtime's global-enqueue hook to enqueue every job on NIO's singleton loop, as NIO's own takeover
    /// does, unless someone set it already. Runs once, on the main thread, before any job is enqueued.
    private static func installThroughLinkedHook() -> Bool {
        let slot = kinetic_concurrency_enqueue_global_hook()
        guard slot.pointee == nil else { return false }
        let hook: EnqueueGlobalHook = { job, _ in
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
        }
        slot.pointee = unsafeBitCast(hook, to: UnsafeMutableRawPointer.self)
        return true
    }
}
