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
    @discardableResult
    public static func install() -> Bool {
        NIOSingletons.groupLoopCountSuggestion = 1
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
