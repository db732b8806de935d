internal import Foundation

/// Writes a report so that readers only ever see the old file or the whole new one: the bytes go to a
/// temporary file beside the target, are flushed to disk, and the temporary file is renamed over it.
enum OutputFile {
  /// `mode` is the new file's permissions: readable by all, like any report, unless told otherwise.
  static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(CLIError) {
    let target = URL(fileURLWithPath: path)
    let directory = target.deletingLastPathComponent().path
    let prefix = "." + target.lastPathComponent + "."
    let temporary = directory + "/" + prefix + "\(getpid()).tmp"
    // A run killed mid-write leaves its temporary file; the run lock means no other writer is alive now.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      unlink(directory + "/" + name)
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw .output(path: path, reason: "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
    }
    var failure: String?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, failure == nil {
        // Safety: `offset` stays below `buffer.count`, so the pointer and length stay inside `buffer`.
        let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
        } else {
          offset += written
        }
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .output(path: path, reason: "cannot write the report: \(failure)")
    }
    // The rename is durable only once the directory entry is on disk.
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}
