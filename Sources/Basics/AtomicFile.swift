public import Foundation

/// Writes a report so that readers only ever see the old file or the whole new one: the bytes go to a
/// temporary file beside the target, are flushed to disk, and the temporary file is renamed over it.
public enum AtomicFile {
  /// Why a file was not written, with the path.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
  }

  /// `mode` is the new file's permissions: readable by all, like any report, unless told otherwise. `what` names the
  /// file in a failure's message.
  public static func write(_ data: Data, to path: String, mode: mode_t = 0o644, what: String = "the report")
    throws(Failure)
  {
    let target = URL(fileURLWithPath: path)
    let directory = target.deletingLastPathComponent().path
    let prefix = "." + target.lastPathComponent + "."
    let temporary = directory + "/" + prefix + "\(Platform.processID).tmp"
    // A run killed mid-write leaves its temporary file; the run lock means no other writer is alive now.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      unlink(directory + "/" + name)
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw Failure(path: path, reason: "cannot create a file in \(directory): \(SystemError.last)")
    }
    var failure: String?
    do {
      try Platform.write(data, to: descriptor)
      try Platform.sync(descriptor)
    } catch {
      failure = error.description
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = SystemError.last.description }
    if let failure {
      unlink(temporary)
      throw Failure(path: path, reason: "cannot write \(what): \(failure)")
    }
    // The rename is durable only once the directory entry is on disk.
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      try? Platform.sync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}
