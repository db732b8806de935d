public import Foundation

/// A scratch HOME and a bin folder of fake schedulers (crontab, systemctl, loginctl, launchctl), the only folder on
/// PATH: nothing a test does reaches the real user's crontab, units or home. The fake crontab keeps its table in a
/// file; every fake appends its command line to a calls file.
public struct SetupSandbox {
  public static let allTools = ["crontab", "systemctl", "loginctl", "launchctl"]

  public let root: String
  public var home: String { root + "/home" }
  public var bin: String { root + "/bin" }
  public var tableFile: String { root + "/crontab" }
  public var callsFile: String { root + "/calls" }
  /// Set in the environment to make the fake systemctl or launchctl fail, and to set what loginctl says of lingering.
  public var extraEnvironment: [String: String] = [:]

  public init(tools: [String] = allTools) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-setup-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
    for tool in tools {
      try Self.write(Self.scripts[tool] ?? "", to: bin + "/" + tool, mode: 0o755)
    }
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  public var environment: [String: String] {
    [
      "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "PATH": bin, "USER": "u", "FAKE_TABLE": tableFile,
      "FAKE_CALLS": callsFile,
    ].merging(extraEnvironment) { $1 }
  }

  /// 2026-12-02T12:00:00Z.
  public static let december2 = Date(timeIntervalSince1970: 1_796_212_800)

  /// The fake crontab's table, nil when it has none.
  public var table: String? {
    get { try? String(contentsOfFile: tableFile, encoding: .utf8) }
    nonmutating set {
      if let newValue { try? Data(newValue.utf8).write(to: URL(fileURLWithPath: tableFile)) }
    }
  }

  /// The fakes' command lines, one a line; read only after the installer returned, when every fake has exited.
  public var calls: [String] {
    ((try? String(contentsOfFile: callsFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// systemd's checker of unit files, where the machine has it.
  public static var systemdAnalyze: String? {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") ? "/usr/bin/systemd-analyze" : nil
  }

  /// Writes a fake program or a unit file. Not with FileManager: it opens the file without O_CLOEXEC, so a child
  /// another test starts meanwhile keeps a fake scheduler open for writing, and running it fails with ETXTBSY (status
  /// then read no crontab: "schedule": null, once, in a loaded run of the packaged binary's tests).
  public static func write(_ text: String, to path: String, mode: Int) throws {
    try DeepcutProcess.writeFile(text, to: path, mode: mode_t(mode))
  }

  // Only the shell's builtins and absolute paths: PATH holds nothing but the fakes.
  static let scripts = [
    "crontab": """
    #!/bin/sh
    printf '%s\\n' "crontab $*" >>"$FAKE_CALLS"
    case "$1" in
      -l) if [ -f "$FAKE_TABLE" ]; then exec /bin/cat "$FAKE_TABLE"; fi
          echo "no crontab for u" >&2; exit 1 ;;
      -) [ -n "$FAKE_FAIL_CRONTAB" ] && { echo "crontab: cannot write" >&2; exit 1; }
         exec /bin/cat >"$FAKE_TABLE" ;;
      *) echo "fake crontab: unknown $*" >&2; exit 2 ;;
    esac

    """,
    "systemctl": fake("systemctl", failingWith: "FAKE_FAIL_SYSTEMCTL", "Failed to connect to bus: No medium found"),
    "launchctl": fake("launchctl", failingWith: "FAKE_FAIL_LAUNCHCTL", "Bootstrap failed: 5: Input/output error"),
    "loginctl": """
    #!/bin/sh
    printf '%s\\n' "loginctl $*" >>"$FAKE_CALLS"
    echo "Linger=${FAKE_LINGER:-yes}"

    """,
  ]

  static func fake(_ name: String, failingWith variable: String, _ message: String) -> String {
    """
    #!/bin/sh
    printf '%s\\n' "\(name) $*" >>"$FAKE_CALLS"
    if [ -n "$\(variable)" ]; then echo "\(message)" >&2; exit 1; fi
    exit 0

    """
  }
}
