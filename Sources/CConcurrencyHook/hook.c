#include "CConcurrencyHook.h"

// Declared by the Swift runtime (include/swift/Runtime/Concurrency.h there) as a pointer to a function taking the job
// and the original enqueue function; only its storage is needed here.
extern void *swift_task_enqueueGlobal_hook;

void *_Nullable *_Nonnull kinetic_concurrency_enqueue_global_hook(void) {
  return &swift_task_enqueueGlobal_hook;
}
