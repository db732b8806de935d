internal import Foundation
internal import Options
internal import State

/// Runs a state command, turning database failures into `CLIError.state` and keeping usage errors as they are.
func mappingStateErrors(_ body: () async throws -> Void) async throws(CLIError) {
  do {
    try await body()
  } catch let error as CLIError {
    throw error
  } catch let error as StateError {
    throw .state(error.description)
  } catch {
    throw .state("\(error)")
  }
}

func openStore(_ settings: Resolved) throws(CLIError) -> StateStore {
  let directory = try settings[\.run.stateDirectory]
  do {
    return try StateStore(directory: directory)
  } catch {
    throw .state(error.description)
  }
}

/// The lock of the run using the state folder `settings` name: taken, or waited for with `--wait`.
func lockState(_ settings: Resolved) throws(CLIError) -> RunLock {
  let (directory, wait) = (try settings[\.run.stateDirectory], try settings[\.run.wait])
  do {
    return try RunLock(directory: directory, wait: wait)
  } catch .heldByAnotherRun(let directory, let lock) {
    throw .locked(StateError.heldByAnotherRun(directory: directory, lock: lock).description)
  } catch {
    throw .state(error.description)
  }
}
