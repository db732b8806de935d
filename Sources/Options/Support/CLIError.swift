public import Catalog
public import Delivery
internal import Foundation
public import MusicLibrary
public import Night
public import Scheduling
public import SettingsKit

/// Everything that ends a command early, with the exit status it maps to.
public enum CLIError: Error, Sendable, CustomStringConvertible {
  case usage(String)
  /// Not an error: `--help` was asked for; the text goes to standard output.
  case helpRequested(String)
  case library(LibraryError)
  case catalog(CatalogError)
  /// The state database cannot be opened or written.
  case state(String)
  /// A template cannot be read or parsed.
  case template(String)
  /// Another run holds the lock.
  case locked(String)
  /// The configuration file is wrong.
  case config(String)
  /// What is wrong with the configuration file, a line for each key that is (read on past the first, so one
  /// `config --check` tells them all).
  case configProblems([String])
  case output(path: String, reason: String)
  /// The e-mail was not delivered; nothing was marked as told, and the message is kept at `kept`.
  case delivery(DeliveryError, kept: String?)
  /// Push channels that did not take their push; the report was out, and what they did not say waits for them.
  case pushed([String], temporary: Bool)
  /// The nightly schedule cannot be set up or removed, with the status that says why.
  case setup(String, ExitStatus)
  /// A signal stopped the run: `signal` is SIGINT or SIGTERM; `kept` answers were saved for the next run.
  case interrupted(signal: Int32, kept: Int)

  /// A command line or a configuration that cannot be read, or changed as asked.
  public init(_ error: SettingsError) {
    switch error {
    case .usage(let message): self = .usage(message)
    case .helpRequested(let text): self = .helpRequested(text)
    case .config(let message): self = .config(message)
    case .configProblems(let problems): self = .configProblems(problems)
    }
  }

  /// What `read` gives; what it throws, as a command's error.
  package static func settings<Value>(_ read: () throws(SettingsError) -> Value) throws(CLIError) -> Value {
    do {
      return try read()
    } catch {
      throw CLIError(error)
    }
  }

  /// A schedule that cannot be set up: the same words, the exit status of its kind.
  public init(_ error: SchedulingError) {
    switch error {
    case .timeOfDay(let message): self = .usage(message)
    case .unschedulable(let message): self = .setup(message, .config)
    case .cannotCreate(let message): self = .setup(message, .cannotCreate)
    case .output(let path, let reason): self = .output(path: path, reason: reason)
    }
  }

  /// A night that ended early, as a command does: the same words, the exit status of its kind.
  public init(_ error: NightError) {
    switch error {
    case .library(let error): self = .library(error)
    case .catalog(let error): self = .catalog(error)
    case .state(let message): self = .state(message)
    case .template(let message): self = .template(message)
    case .output(let path, let reason): self = .output(path: path, reason: reason)
    case .delivery(let error, let kept): self = .delivery(error, kept: kept)
    case .pushed(let failures, let temporary): self = .pushed(failures, temporary: temporary)
    case .interrupted(let signal, let kept): self = .interrupted(signal: signal ?? SIGINT, kept: kept)
    }
  }

  public var status: ExitStatus {
    switch self {
    case .usage: .usage
    case .helpRequested: .success
    case .library(.unreadable): .noInput
    case .library(.malformed): .dataError
    case .catalog(.state): .cannotCreate
    case .catalog(.credentials): .config
    case .catalog: .unavailable
    case .state: .cannotCreate
    case .template: .config
    case .locked: .tempFail
    case .config, .configProblems: .config
    case .output: .cannotCreate
    case .delivery(let error, _): error.isTemporary ? .tempFail : .unavailable
    case .pushed(_, let temporary): temporary ? .tempFail : .unavailable
    case .setup(_, let status): status
    case .interrupted(let signal, _): signal == SIGTERM ? .terminated : .interrupted
    }
  }

  public var description: String {
    switch self {
    case .usage(let message): message
    case .helpRequested(let text): text
    case .library(let error): error.description
    case .catalog(let error): error.description
    case .state(let message): message
    case .template(let message): message
    case .locked(let message): message
    case .config(let message): message
    case .configProblems(let problems): problems.joined(separator: "\n")
    case .output(let path, let reason): "\(path): \(reason)"
    // The night's own words, said once there.
    case .delivery(let error, let kept): NightError.delivery(error, kept: kept).description
    case .pushed(let failures, let temporary): NightError.pushed(failures, temporary: temporary).description
    case .setup(let message, _): message
    case .interrupted(let signal, let kept): NightError.interrupted(signal: signal, kept: kept).description
    }
  }

  /// The lines it is said in, each after `deepcut: error: `: one, or one for each problem of the configuration.
  package var lines: [String] {
    guard case .configProblems(let problems) = self else { return [description] }
    return problems
  }
}
