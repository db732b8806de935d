internal import Basics
internal import CCurl
internal import Foundation
internal import Synchronization

/// Runs every transfer of one client on a single thread, through one curl multi handle, and runs the Swift jobs
/// of tasks that prefer it as their executor on that same thread.
///
/// curl's multi interface waits for all transfers at once in `poll`, so a request in flight costs no CPU and no
/// thread of its own; the multi handle keeps one connection cache for every transfer, so keep-alive connections
/// to the catalog are reused whichever request comes next. The thread starts with the first transfer or job and
/// stops after `linger` without work; the multi handle and its connections outlive it until the driver is
/// released.
///
/// As a ``TaskExecutor`` the driver is an event loop: a task that prefers it (the client's own request flights,
/// and whichever callers ask for it) is resumed on the thread that saw its answer arrive, with no hand-over to
/// another thread. On a machine where waking a thread costs tens of microseconds, those hand-overs had cost more
/// CPU than curl itself. Jobs run here must not block.
final class TransferDriver: TaskExecutor, Sendable {
  /// Work waiting for the thread, and what the thread is doing.
  private struct Inbox {
    var arrivals: [Transfer] = []
    var jobs: [UnownedJob] = []
    var threadRunning = false
    /// The thread is in (or about to enter) `poll` and must be woken for new work; otherwise it will find the
    /// work on its next turn, and a wake-up would cost a system call on each side for nothing.
    var threadPolling = false
    /// The running thread, told by identity: Foundation's `Thread.current.name` on Linux sometimes reads the
    /// process's name instead of the one the thread gave itself.
    var thread: UInt?

    var isEmpty: Bool { arrivals.isEmpty && jobs.isEmpty }
  }

  private let multi: MultiHandle
  private let inbox = Mutex(Inbox())
  private let linger: Duration
  /// Starts a system thread running its argument; false when none could be made.
  private let startThread: ThreadStarter
  /// Idle easy handles kept for reuse; each is a sizeable allocation with its own DNS cache.
  private let maxIdleHandles = 8

  typealias ThreadStarter = @Sendable (_ body: @escaping @Sendable () -> Void) -> Bool

  /// `nil` only when curl cannot make a multi handle (out of memory). Tests may pass a `startThread` that fails.
  init?(linger: Duration = .seconds(2), startThread: @escaping ThreadStarter = TransferDriver.startSystemThread) {
    guard let multi = MultiHandle() else { return nil }
    self.multi = multi
    self.linger = linger
    self.startThread = startThread
  }

  /// A thread called "deepcut-curl" running `body`; false when the system could not make one.
  static func startSystemThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    Platform.startThread(named: "deepcut-curl", body)
  }

  /// Sends `request` and waits for its outcome. Cancelling the calling task removes the transfer at once.
  nonisolated(nonsending) func exchange(_ request: TransferRequest) async -> AttemptOutcome {
    let cancellation = CancellationFlag()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<AttemptOutcome, Never>) in
        deliver {
          $0.arrivals.append(Transfer(request: request, cancellation: cancellation, continuation: continuation))
        }
      }
    } onCancel: {
      cancellation.cancel()
      multi.wakeUp()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    deliver { $0.jobs.append(job) }
  }

  /// Whether the driver's thread is running, for tests.
  var isRunning: Bool { inbox.withLock { $0.threadRunning } }

  /// Whether the caller runs on the driver's thread, for tests.
  var isCurrentThread: Bool {
    let current = Platform.currentThreadID
    return inbox.withLock { $0.thread == current }
  }

  /// Hands work to the thread, starting it or waking it from `poll` as needed.
  private func deliver(_ add: (inout Inbox) -> Void) {
    let (mustStart, wakeThread) = inbox.withLock { inbox -> (Bool, Bool) in
      add(&inbox)
      defer { inbox.threadRunning = true }
      return (!inbox.threadRunning, inbox.threadPolling)
    }
    if mustStart {
      if !startThread({ self.run() }) { noThread() }
    } else if wakeThread {
      multi.wakeUp()
    }
  }

  /// No thread could be started: nothing may be left waiting for one. Whatever arrived meanwhile is taken too,
  /// since those deliveries saw `threadRunning` and started nothing; the next delivery tries again.
  private func noThread() {
    let (arrivals, jobs) = inbox.withLock { inbox in
      inbox.threadRunning = false
      defer {
        inbox.arrivals = []
        inbox.jobs = []
      }
      return (inbox.arrivals, inbox.jobs)
    }
    for transfer in arrivals {
      transfer.finish(.cannotStart)
    }
    // Their tasks go on in the shared pool; they come back here when they next suspend.
    for job in jobs {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }

  // MARK: - The driver thread

  /// What the driver thread holds between turns of its loop.
  private struct LoopState {
    var active: [UnsafeMutableRawPointer: (transfer: Transfer, handle: EasyHandle)] = [:]
    var idleHandles: [EasyHandle] = []
    var idleSince: ContinuousClock.Instant?
  }

  /// The loop of the driver thread: runs jobs, takes new transfers, lets curl work, hands finished transfers
  /// back, and sleeps in `poll` until a socket, a timer or new work needs it.
  private func run() {
    var state = LoopState()
    let executor = asUnownedTaskExecutor()
    let thread = Platform.currentThreadID
    inbox.withLock { $0.thread = thread }
    while let work = takeWork(&state) {
      if !work.jobs.isEmpty { state.idleSince = nil }
      for job in work.jobs {
        job.runSynchronously(on: executor)
      }
      for transfer in work.arrivals {
        start(transfer, &state)
      }
      letCancelledGo(&state)
      multi.perform()
      handBackFinished(&state)
      sleepUntilNeeded(&state)
    }
  }

  /// The jobs and transfers that arrived; nil once the thread has lingered idle long enough to stop.
  private func takeWork(_ state: inout LoopState) -> (jobs: [UnownedJob], arrivals: [Transfer])? {
    let mayStop = state.active.isEmpty && state.idleSince.map { ContinuousClock.now - $0 >= linger } ?? false
    return inbox.withLock { inbox -> (jobs: [UnownedJob], arrivals: [Transfer])? in
      inbox.threadPolling = false
      if inbox.isEmpty && mayStop {
        inbox.threadRunning = false
        inbox.thread = nil
        return nil
      }
      defer {
        inbox.jobs = []
        inbox.arrivals = []
      }
      return (inbox.jobs, inbox.arrivals)
    }
  }

  private func start(_ transfer: Transfer, _ state: inout LoopState) {
    guard !transfer.cancellation.isCancelled else {
      transfer.finish(.cancelled)
      return
    }
    guard let handle = state.idleHandles.popLast() ?? EasyHandle() else {
      transfer.finish(.cannotStart)
      return
    }
    let setup = handle.prepare(transfer.request, record: transfer.record)
    if setup != CURLE_OK {
      transfer.finish(Transport.failure(setup, osErrno: 0, host: transfer.request.url.host))
      recycle(handle, into: &state.idleHandles)
    } else if multi.add(handle) {
      state.active[handle.raw] = (transfer, handle)
    } else {
      transfer.finish(.cannotStart)
      recycle(handle, into: &state.idleHandles)
    }
  }

  /// Cancelled callers are let go at once; their transfers end here, mid-flight or not.
  private func letCancelledGo(_ state: inout LoopState) {
    for (key, entry) in state.active where entry.transfer.cancellation.isCancelled {
      multi.remove(entry.handle)
      state.active[key] = nil
      entry.transfer.finish(.cancelled)
      recycle(entry.handle, into: &state.idleHandles)
    }
  }

  private func handBackFinished(_ state: inout LoopState) {
    while let (raw, code) = multi.nextFinished() {
      guard let entry = state.active.removeValue(forKey: raw) else { continue }
      multi.remove(entry.handle)
      let completion = entry.handle.completion(code)
      entry.transfer.finish(
        Transport.outcome(completion, record: entry.transfer.record, request: entry.transfer.request))
      recycle(entry.handle, into: &state.idleHandles)
    }
  }

  /// Whatever arrived meanwhile (a finished transfer's resumed task is a job now) is taken first; otherwise new work
  /// from now on wakes the poll.
  private func sleepUntilNeeded(_ state: inout LoopState) {
    let mayPoll = inbox.withLock { inbox -> Bool in
      inbox.threadPolling = inbox.isEmpty
      return inbox.threadPolling
    }
    guard mayPoll else { return }
    if state.active.isEmpty {
      let idleSince = state.idleSince ?? ContinuousClock.now
      state.idleSince = idleSince
      multi.poll(timeout: max(linger - (ContinuousClock.now - idleSince), .zero))
    } else {
      state.idleSince = nil
      // curl shortens the wait to its own next timeout (connect and transfer limits).
      multi.poll(timeout: .seconds(1))
    }
  }

  private func recycle(_ handle: EasyHandle, into idle: inout [EasyHandle]) {
    handle.reset()
    if idle.count < maxIdleHandles {
      idle.append(handle)
    }
  }
}

/// One request on its way through the driver. Its continuation is resumed exactly once, by the driver thread.
private final class Transfer: @unchecked Sendable {
  let request: TransferRequest
  let cancellation: CancellationFlag
  /// Filled by curl's callbacks on the driver thread, read there when the transfer ends.
  let record = TransferRecord()
  private let continuation: CheckedContinuation<AttemptOutcome, Never>

  init(
    request: TransferRequest, cancellation: CancellationFlag, continuation: CheckedContinuation<AttemptOutcome, Never>
  ) {
    self.request = request
    self.cancellation = cancellation
    self.continuation = continuation
  }

  func finish(_ outcome: AttemptOutcome) {
    continuation.resume(returning: outcome)
  }
}

/// A curl multi handle, cleaned up when released. Everything but ``wakeUp()`` is called from the driver thread
/// only (one thread at a time: a later driver thread starts only after the previous one has left its loop).
final class MultiHandle: @unchecked Sendable {
  private let raw: UnsafeMutableRawPointer

  init?() {
    guard curlGlobalInit == CURLE_OK, let raw = curl_multi_init() else { return nil }
    self.raw = raw
  }

  deinit {
    // Safety: `raw` came from curl_multi_init; by the time the handle is released the driver thread has left
    // its loop and removed every easy handle, so nothing else uses it.
    curl_multi_cleanup(raw)
  }

  func add(_ handle: EasyHandle) -> Bool {
    curl_multi_add_handle(raw, handle.raw) == CURLM_OK
  }

  func remove(_ handle: EasyHandle) {
    _ = curl_multi_remove_handle(raw, handle.raw)
  }

  /// Lets curl do whatever work its sockets and timers have ready; never blocks.
  func perform() {
    var running: Int32 = 0
    _ = curl_multi_perform(raw, &running)
  }

  /// The next transfer that ended: its easy handle and result.
  func nextFinished() -> (UnsafeMutableRawPointer, CURLcode)? {
    var left: Int32 = 0
    // Safety: curl returns a pointer to a message it owns, valid until the next call into the multi handle;
    // both fields are copied out before this function returns.
    while let message = curl_multi_info_read(raw, &left) {
      if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
        return (easy, message.pointee.data.result)
      }
    }
    return nil
  }

  /// Sleeps until a transfer's socket is ready, curl's next timeout, ``wakeUp()``, or `timeout`.
  func poll(timeout: Duration) {
    _ = curl_multi_poll(raw, nil, 0, Int32(clamping: milliseconds(timeout)), nil)
  }

  /// Ends a ``poll(timeout:)`` early; safe from any thread.
  func wakeUp() {
    _ = curl_multi_wakeup(raw)
  }
}
