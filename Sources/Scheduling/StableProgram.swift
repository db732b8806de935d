internal import Foundation

/// Where a package manager puts deepcut: a program there stays at its path across upgrades.
let packagedFolders = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]

/// The program the schedule runs: the running one when a package manager installed it; else a copy of it in
/// ~/.local/bin, since a binary run from a build folder or a download moves, or is rebuilt half-written, before the
/// night comes. Also what to tell the user about it.
public func stableProgram(
  current: String, environment: [String: String]
) throws(SchedulingError) -> (path: String, said: String) {
  if packagedFolders.contains((current as NSString).deletingLastPathComponent) {
    return (current, "the schedule runs \(current), where deepcut is installed")
  }
  let target = SetupFiles.home(environment: environment) + "/.local/bin/deepcut"
  let running = resolved(current)
  // A package manager's link, such as Homebrew's into its Cellar, stays while what it leads to changes.
  for link in packagedFolders.map({ $0 + "/deepcut" }) + [target] where running != nil && resolved(link) == running {
    return (link, "the schedule runs \(link), which is this deepcut")
  }
  return (target, try copy(current, to: target))
}

/// Copies the program at `current` to `target`, executable, unless it is there already; what to tell the user.
private func copy(_ current: String, to target: String) throws(SchedulingError) -> String {
  guard let program = FileManager.default.contents(atPath: current) else {
    throw .cannotCreate("cannot read the running deepcut at \(current) to copy it to \(target)")
  }
  if FileManager.default.contents(atPath: target) == program {
    return "the schedule runs \(target), a copy of this deepcut made before"
  }
  try SetupFiles.makeFolder((target as NSString).deletingLastPathComponent)
  try SetupFiles.writeAtomically(program, to: target, mode: 0o755, what: "the copy of deepcut")
  do {
    // Whatever the umask took away.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
  } catch {
    throw .cannotCreate("cannot make \(target) executable: \(error.localizedDescription)")
  }
  return "copied \(current) to \(target), which the schedule runs; run setup again after updating deepcut"
}

/// `path` with every symbolic link on the way resolved; nil when nothing is there.
private func resolved(_ path: String) -> String? {
  guard FileManager.default.fileExists(atPath: path) else { return nil }
  return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}
