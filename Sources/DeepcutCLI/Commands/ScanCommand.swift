internal import Basics
internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import Options
internal import SettingsKit

/// `deepcut scan`: what the library holds, what was skipped and why.
enum ScanCommand: Command {
  static let spec = CommandSpec(
    command: .scan,
    usage: "scan [--library PATH] [--json]",
    summary: "Read a Library.xml export and tell what it holds, what was skipped and why."
  )

  static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let settings = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    guard let path = try settings[\.library.path] else {
      throw .usage("scan needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    let top = try settings[\.commands.top]
    let (now, staleAfter) = (try settings[\.run.now], try settings[\.library.staleAfter])
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: path)
    } catch {
      throw .library(error)
    }
    if try settings[\.commands.json] {
      do {
        Console.out(try ScanSummary(scan, now: now, staleAfterDays: staleAfter).json())
      } catch {
        throw .output(path: "-", reason: "cannot encode the summary as JSON: \(error)")
      }
    } else {
      Console.out(ScanSummary(scan, now: now, staleAfterDays: staleAfter).text(top: top))
    }
    return .success
  }
}
