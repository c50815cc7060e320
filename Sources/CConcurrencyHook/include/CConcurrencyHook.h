#ifndef KINETIC_CCONCURRENCYHOOK_H
#define KINETIC_CCONCURRENCYHOOK_H

/// The address of the Swift concurrency runtime's `swift_task_enqueueGlobal_hook`, the function pointer through which
/// the default global executor hands over every job when it is set.
///
/// SwiftNIO finds it with dlsym, which works when the runtime is a shared library. When the runtime is linked
/// statically (`-static-stdlib`: kineticd's release configuration, Package.swift), the toolchain links its archives
/// with `--exclude-libs ALL`, so the symbol is local to the executable and dlsym cannot see it; a reference from an
/// object of the same link still resolves, which is what this function is.
void *_Nullable *_Nonnull kinetic_concurrency_enqueue_global_hook(void);

#endif
