public import Foundation

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
  // _NSGetExecutablePath, from mach-o/dyld.h.
  internal import MachO
#else
  #error("deepcut builds on Linux (Glibc) and macOS (Darwin)")
#endif

/// The system calls whose spelling, types or existence differ between Linux (Glibc) and macOS (Darwin), each named
/// for what it does. No other file in Sources imports Glibc or Darwin, or names what only Linux has (PortabilityTests
/// keeps it so); calls spelled and behaving alike on both (open, close, rename, unlink, kill, isatty, flock) stay where
/// they are used.
public enum Platform {}

/// A system call that failed: its errno, in the system's own words.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  public let code: Int32

  public init(code: Int32) {
    self.code = code
  }

  /// What the last failed call on this thread left in errno.
  public static var last: SystemError { SystemError(code: errno) }

  public var description: String { String(cString: strerror(code)) }

  // The numbers differ between the systems (ENETUNREACH is 101 on Linux, 51 on macOS); the names do not.
  public static let noSuchFile = SystemError(code: ENOENT)
  public static let permissionDenied = SystemError(code: EACCES)
  public static let notPermitted = SystemError(code: EPERM)
  public static let isDirectory = SystemError(code: EISDIR)
  public static let brokenPipe = SystemError(code: EPIPE)
  public static let networkUnreachable = SystemError(code: ENETUNREACH)
  public static let networkDown = SystemError(code: ENETDOWN)
  public static let hostUnreachable = SystemError(code: EHOSTUNREACH)
  static let interrupted = SystemError(code: EINTR)
  static let textFileBusy = SystemError(code: ETXTBSY)
}

// MARK: - Files

extension Platform {
  /// A file open for reading, and what it is.
  public struct OpenedFile: Sendable {
    public let descriptor: Int32
    public let isDirectory: Bool
    /// Its size when it is a regular file; nil for a pipe, a terminal or a device.
    public let regularFileSize: Int?
    /// When a regular file's contents last changed; nil for a pipe, a terminal or a device.
    public var modified: Date? = nil
  }

  /// Opens `path` for reading, closed on exec.
  public static func openForReading(_ path: String) throws(SystemError) -> OpenedFile {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .last }
    return described(descriptor)
  }

  /// The permission bits of the file at `path` (`0o600`), following a symbolic link.
  public static func permissions(ofFile path: String) throws(SystemError) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw .last }
    return Int(info.st_mode) & 0o7777
  }

  /// A descriptor of its own on this process's standard input.
  public static func duplicateStandardInput() throws(SystemError) -> OpenedFile {
    // Closed on exec, as every descriptor deepcut opens: a mail command started later must not hold standard input.
    let descriptor = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
    guard descriptor >= 0 else { throw .last }
    return described(descriptor)
  }

  /// Appends `data` to the file at `path` (made with mode 0600 when missing) in one write with O_APPEND, so lines of
  /// two processes never overwrite each other.
  public static func append(_ data: Data, to path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, OwnerOnlyFile.mode)
    guard descriptor >= 0 else { throw .last }
    defer { closeDescriptor(descriptor) }
    try write(data, to: descriptor)
  }

  /// Closes `descriptor`; a descriptor is closed even when close(2) reports an error, so there is nothing to retry.
  public static func close(_ descriptor: Int32) {
    closeDescriptor(descriptor)
  }

  /// Writes all of `data` to `descriptor`, in as many write(2) calls as it takes and through interruptions.
  public static func write(_ data: Data, to descriptor: Int32) throws(SystemError) {
    // Safety: the bytes are only read inside the closure, while `data` keeps them alive; nothing keeps the pointer.
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(SystemError) in try writeAll(bytes, to: descriptor) }
    }
    try result.get()
  }

  /// Returns once what was written to `descriptor` is on the disk itself, not in a cache of the drive's: fsync(2) on
  /// Linux; on macOS fsync leaves it in the drive's cache, and F_FULLFSYNC is what flushes that (where a file system
  /// cannot, fsync is what there is).
  public static func sync(_ descriptor: Int32) throws(SystemError) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    guard fsync(descriptor) == 0 else { throw .last }
  }

  /// Opens (creating, mode 0600) and locks `path` exclusively with flock(2), through interruptions; the kernel
  /// releases the lock when the process ends however it ends. Returns nil when another process holds it and `wait`
  /// is not set.
  public static func lockExclusively(_ path: String, wait: Bool) throws(SystemError) -> Int32? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, OwnerOnlyFile.mode)
    guard descriptor >= 0 else { throw .last }
    while flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      let error = SystemError.last
      if error == .interrupted { continue }
      closeDescriptor(descriptor)
      if error == SystemError(code: EWOULDBLOCK) { return nil }
      throw error
    }
    return descriptor
  }

  /// Empties the file open on `descriptor`, so what is written next is all it holds.
  public static func truncate(_ descriptor: Int32) {
    _ = ftruncate(descriptor, 0)
  }

  /// Releases a lock taken by `lockExclusively` and closes its descriptor.
  public static func unlock(_ descriptor: Int32) {
    _ = flock(descriptor, LOCK_UN)
    closeDescriptor(descriptor)
  }

  /// This process's id.
  public static var processID: Int32 { getpid() }

  /// Whether process `pid` exists (one of another user's counts too).
  public static func isAlive(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// What fstat(2) says `descriptor` is; a file it cannot describe counts as neither a directory nor a regular file.
  private static func described(_ descriptor: Int32) -> OpenedFile {
    // Darwin's st_mode is 16 bits wide, Glibc's 32; both compare through mode_t.
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return OpenedFile(descriptor: descriptor, isDirectory: false, regularFileSize: nil)
    }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG else {
      return OpenedFile(descriptor: descriptor, isDirectory: kind == S_IFDIR, regularFileSize: nil)
    }
    return OpenedFile(
      descriptor: descriptor, isDirectory: false, regularFileSize: Int(status.st_size),
      modified: modificationTime(status))
  }

  /// st_mtim on Linux, st_mtimespec on Darwin: the same timespec under two names.
  private static func modificationTime(_ status: stat) -> Date {
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
  }
}

// Outside `Platform`, where `write` and `close` are the system's, not its own.

private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
  guard let base = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    // Safety: `offset` stays below `bytes.count`, so the pointer and the length stay inside `bytes`.
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written < 0 {
      let error = SystemError.last
      if error == .interrupted { continue }
      throw error
    }
    offset += written
  }
}

private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

// MARK: - Terminals

extension Platform {
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// Turns the terminal's echo of what is typed off or on, for a password; false when `descriptor` is no terminal.
  @discardableResult
  public static func setEcho(_ on: Bool, descriptor: Int32) -> Bool {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return false }
    let echo = tcflag_t(ECHO)
    settings.c_lflag = on ? settings.c_lflag | echo : settings.c_lflag & ~echo
    return tcsetattr(descriptor, TCSANOW, &settings) == 0
  }
}

// MARK: - Signals, threads, measurements

extension Platform {
  /// Starts a detached thread running `body`, named `name` by itself (a name set from outside may be lost to a
  /// race with the new thread), with an 8 MiB stack on every system (Darwin gives other threads 512 KiB); false when
  /// the system cannot make a thread. Foundation's `Thread.start()` ignores a failing pthread_create, and whoever
  /// waits for that thread then waits forever.
  public static func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    // Safety: retained for the new thread, which takes it back exactly once; released here if none was made. The
    // attributes are initialized before use and destroyed after pthread_create, which copies what it needs.
    let context = Unmanaged.passRetained(StartedThread(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, 8 << 20)
    #if canImport(Glibc)
      var thread = pthread_t()
    #elseif canImport(Darwin)
      var thread: pthread_t?
    #endif
    // The start routine's argument is optional on Glibc, and optional or not on Darwin as its SDK declares it: seen
    // as an optional, it reads the same on both.
    let created = pthread_create(
      &thread, &attributes,
      { context in
        (context as UnsafeMutableRawPointer?).map(StartedThread.run)
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<StartedThread>.fromOpaque(context).release()
      return false
    }
    return true
  }

  /// From now on signal `number` is ignored: its default action, ending the process, never happens.
  public static func ignore(signal number: Int32) {
    _ = signal(number, SIG_IGN)
  }

  /// The calling thread, as a number no other running thread has.
  public static var currentThreadID: UInt {
    #if canImport(Glibc)
      UInt(pthread_self())
    #elseif canImport(Darwin)
      // Darwin's pthread_t is a pointer, which is not Sendable.
      UInt(bitPattern: pthread_self())
    #endif
  }

  /// The most memory this process image has had resident, in bytes; nil when the system does not say.
  public static var peakResidentBytes: Int? {
    #if canImport(Glibc)
      // VmHWM, not getrusage's ru_maxrss: Linux carries that across exec from the forking parent, so a child spawned
      // by a big parent would report the parent's size.
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
      }
      return nil
    #elseif canImport(Darwin)
      // Darwin counts ru_maxrss in bytes (Linux in kilobytes), and a spawned process starts its own.
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return usage.ru_maxrss
    #endif
  }

  /// The processor time this process has used so far, in user code and in the kernel on its behalf.
  public static var processorTime: (user: Duration, system: Duration) {
    var usage = rusage()
    #if canImport(Glibc)
      // Glibc's Swift module imports RUSAGE_SELF as a case of an enum, Darwin's as an Int32.
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #elseif canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
    #endif
    // tv_usec is an Int on Linux and an Int32 on macOS.
    func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
    return (duration(usage.ru_utime), duration(usage.ru_stime))
  }

  /// The running program's file, symbolic links resolved.
  public static var executablePath: String? {
    #if canImport(Glibc)
      return resolvedPath("/proc/self/exe")
    #elseif canImport(Darwin)
      // Safety: the first call only reports the size the path needs; the buffer is that size and a terminator, so the
      // second call writes inside it, and realpath copies the path out before the buffer goes.
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var path = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
      return resolvedPath(path)
    #endif
  }

  private static func resolvedPath(_ path: UnsafePointer<CChar>) -> String? {
    // Safety: realpath allocates the result with malloc; it is copied into a String and freed once, here.
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

// MARK: - The user and the system

extension Platform {
  /// The real user id of this process: launchctl names a user's own jobs by it (gui/UID).
  public static var userID: UInt32 { UInt32(getuid()) }

  /// Whether the system starts a user's timed jobs with launchd (macOS), rather than with a systemd user manager or
  /// cron.
  public static var startsUserJobsWithLaunchd: Bool {
    #if canImport(Darwin)
      true
    #else
      false
    #endif
  }
}

// MARK: - Children

#if canImport(Glibc)
  private typealias SpawnActions = posix_spawn_file_actions_t
  private typealias SpawnAttributes = posix_spawnattr_t
#elseif canImport(Darwin)
  // Opaque pointers on Darwin, which the init calls allocate.
  private typealias SpawnActions = posix_spawn_file_actions_t?
  private typealias SpawnAttributes = posix_spawnattr_t?
#endif

extension Platform {
  /// A connected pair of descriptors that reads and writes as a pipe does, both ends closed on exec, so that no child
  /// started meanwhile inherits it.
  public static func closeOnExecPair() throws(SystemError) -> (Int32, Int32) {
    // Safety: socketpair writes exactly two descriptors into the two-element array it is handed.
    var ends: [Int32] = [-1, -1]
    #if canImport(Glibc)
      // A socket pair, since Glibc's Swift module has no pipe2; SOCK_CLOEXEC makes it so atomically.
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw .last }
    #elseif canImport(Darwin)
      // No flag makes it so at once here: a child another thread starts between these two calls could inherit the
      // pair, except one `spawn` starts, which inherits only its three (POSIX_SPAWN_CLOEXEC_DEFAULT).
      guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { throw .last }
      for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
        let error = SystemError.last
        ends.forEach(closeDescriptor)
        throw error
      }
    #endif
    return (ends[0], ends[1])
  }

  /// Starts `path` with `arguments` in `directory`, with exactly `environment`, its standard input, output and errors
  /// on `stdio`. The child gets an empty signal mask, the default actions for SIGPIPE, SIGINT and SIGTERM, and no other
  /// descriptor of this process (those of deepcut are all closed on exec).
  static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String], directory: String,
    stdio: (input: Int32, output: Int32, errors: Int32)
  ) throws(SystemError) -> pid_t {
    #if canImport(Glibc)
      var actions = SpawnActions()
      var attributes = SpawnAttributes()
    #elseif canImport(Darwin)
      var actions: SpawnActions = nil
      var attributes: SpawnAttributes = nil
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    for (source, target) in [(stdio.input, 0), (stdio.output, 1), (stdio.errors, 2)] {
      posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
    }
    startAfresh(&attributes)
    let here = FileManager.default.currentDirectoryPath == directory
    #if canImport(Glibc)
      // Glibc's Swift module has no posix_spawn_file_actions_addchdir_np (a GNU extension): a shell enters the folder.
      let words =
        here ? [path] + arguments : ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments
    #elseif canImport(Darwin)
      // macOS 10.15 and later: the child enters the folder itself. (macOS 26 adds the name without _np and deprecates
      // this one from 26 on; deepcut targets macOS 15.)
      if !here { posix_spawn_file_actions_addchdir_np(&actions, directory) }
      let words = [path] + arguments
    #endif
    return try launch(words, environment, &actions, &attributes)
  }

  /// No blocked signal, and the default actions for those deepcut ignores or handles; on Darwin also no descriptor
  /// but the three the file actions hand over.
  private static func startAfresh(_ attributes: inout SpawnAttributes) {
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    #if canImport(Darwin)
      flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
  }

  /// Waits for child `pid` to end: its exit status, or the number of the signal that ended it, as Foundation's
  /// `Process.terminationStatus` says it.
  static func waitForExit(_ pid: pid_t) -> Int32 {
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0, SystemError.last == .interrupted {}
    // Glibc and Darwin encode it alike: a signal in the low 7 bits, else the exit status in the byte above.
    return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
  }

  private static func launch(
    _ words: [String], _ environment: [String: String], _ actions: inout SpawnActions,
    _ attributes: inout SpawnAttributes
  ) throws(SystemError) -> pid_t {
    // Safety: the C strings are strdup'ed here, stay alive through posix_spawn (which copies what it needs into the
    // child), and are freed right after; `actions` and `attributes` are the initialized objects of the caller.
    let argv = words.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    var result = posix_spawn(&pid, words[0], &actions, &attributes, argv, envp)
    // A program written a moment ago can still be open for writing in a child another thread is starting: the
    // kernel says ETXTBSY until that child has exec'd. It passes in milliseconds.
    for _ in 0..<50 where SystemError(code: result) == .textFileBusy {
      usleep(10_000)
      result = posix_spawn(&pid, words[0], &actions, &attributes, argv, envp)
    }
    guard result == 0 else { throw SystemError(code: result) }
    return pid
  }
}

/// What a thread ``Platform/startThread(named:_:)`` made runs, handed over through pthread_create's argument.
private final class StartedThread {
  let name: String
  let body: @Sendable () -> Void

  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }

  /// The new thread's start: takes the context back (retained once for it), names the thread, runs the body.
  static func run(_ context: UnsafeMutableRawPointer) {
    let started = Unmanaged<StartedThread>.fromOpaque(context).takeRetainedValue()
    // Foundation's `Thread` for this thread, made here from pthread_self(), so its setter names this thread.
    Thread.current.name = started.name
    started.body()
  }
}
