internal import Basics
internal import Catalog
internal import Foundation

/// One run of `deepcut setup`, as named steps: the library, the catalogs, the addresses, the mail route and its test
/// e-mail, then — only once the route works — the files, and last the schedule. Nothing is written before every answer
/// is checked, so a setup that stops leaves nothing half-installed.
struct Setup {
  /// The command line over the configuration as it was: a flag is an answer, the file's value a default.
  let settings: Resolved
  let prompter: Prompter
  let installer: ScheduleInstaller
  let configPath: String
  /// The configuration as it will be written.
  var draft: ConfigEdit
  let configExisted: Bool
  /// The mail server's password, from standard input or typed, until it is written to its file. Never shown: the
  /// test e-mail reads it as a run reads DEEPCUT_SMTP_PASSWORD.
  var password: String?
  /// After a test e-mail failed: the route's questions are asked again, whatever the flags said.
  var retrying = false

  init(_ settings: Resolved, installer: ScheduleInstaller) throws(CLIError) {
    self.settings = settings
    self.installer = installer
    let yes = try settings[\.yes]
    if try settings[\.passwordStdin], !yes {
      throw .usage("--password-stdin goes with --yes: standard input holds the password, so setup can ask nothing")
    }
    if !yes, !Platform.isTerminal(STDIN_FILENO) {
      throw .usage("setup asks its questions on a terminal; without one, pass --yes with the flags it needs")
    }
    prompter = Prompter(asks: !yes)
    guard let path = try settings[\.config] else { throw .usage("setup needs --config PATH: HOME is not set") }
    configPath = path
    configExisted = FileManager.default.fileExists(atPath: path)
    let text = configExisted ? try Self.read(path) : ""
    draft = try ConfigEdit(text: text, path: path)
    if try settings[\.passwordStdin] { password = try Self.passwordFromStandardInput() }
  }

  mutating func run() async throws(CLIError) -> ExitStatus {
    Console.out(
      "Setting up deepcut's nightly e-mail; \(prompter.asks ? "Enter takes the [default]." : "asking nothing.")")
    try chooseLibrary()
    try chooseAddresses()
    try chooseCatalogs()
    try await chooseRouteAndTestIt()
    guard try writeFiles() else {
      Console.out("nothing written, nothing scheduled")
      return .success
    }
    try await installSchedule()
    return .success
  }

  // MARK: - Files

  /// The password file, then config.json, each written whole or not at all; false when the person declined the
  /// changes.
  mutating func writeFiles() throws(CLIError) -> Bool {
    try SetupFiles.makeFolder(URL(fileURLWithPath: configPath).deletingLastPathComponent().path)
    if let password {
      let file = passwordFile
      try OutputFile.write(Data(password.utf8), to: file, mode: 0o600)
      try set(\.smtpPasswordFile, to: file, needed: true)
      Console.out("wrote the password to \(file) (mode 0600; only you can read it)")
    }
    if draft.changes.isEmpty {
      Console.out("\(configPath): unchanged")
      return true
    }
    if configExisted {
      Console.out("\(configPath) changes:\n\(draft.changesDescribed)")
      guard try prompter.confirm("Write these changes?") else { return false }
    }
    try OutputFile.write(Data(draft.text.utf8), to: configPath, mode: 0o600)
    Console.out("wrote \(configPath)")
    return true
  }

  /// Beside the config, so one folder holds what setup wrote.
  var passwordFile: String {
    (try? settings[\.smtpPasswordFile]) ?? URL(fileURLWithPath: configPath).deletingLastPathComponent().path
      + "/smtp-password"
  }

  static func read(_ path: String) throws(CLIError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .config("\(path): cannot read the configuration file")
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func passwordFromStandardInput() throws(CLIError) -> String {
    var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    while text.last?.isNewline == true { text.removeLast() }
    guard !text.isEmpty else { throw .usage("--password-stdin read nothing: pipe the password in") }
    return text
  }

  // MARK: - The schedule

  /// What runs each night, when, and with what; the installer says what it did.
  mutating func installSchedule() async throws(CLIError) {
    let installed = await installer.installed()
    let kind = try answer(
      \.schedule, "What starts the nightly job (cron, systemd, launchd or none)",
      default: installed?.kind.rawValue ?? ScheduleKind.systemDefault(environment: settings.environment).rawValue)
    let time = try answer(
      \.at, "At what time (HH:MM)",
      default: installed.map { TimeOfDay(hour: $0.hour, minute: $0.minute).text } ?? TimeOfDay.nightly.text)
    guard let kind else { return }
    let current = Platform.executablePath ?? CommandLine.arguments[0]
    let program =
      kind == .none ? (path: current, said: "") : try stableProgram(current: current, environment: settings.environment)
    if !program.said.isEmpty { Console.out(program.said) }
    let defaultConfig = ConfigFile.defaultPath(environment: settings.environment)
    let job = NightlyJob.nightly(
      program: program.path, config: configPath == defaultConfig ? nil : configPath, at: (time.hour, time.minute))
    for line in try await installer.install(job, kind: kind) { Console.out(line) }
    Console.out("'deepcut status' tells how the nights went; 'deepcut nightly' runs one now.")
  }
}
