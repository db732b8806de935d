internal import Delivery
internal import Foundation
public import Identity
public import Night

extension StateStore: PushLedger {
  public func pushBacklog(
    channel: PushChannelID, named name: String, among ids: [String]
  ) throws(StateError) -> PushBacklog {
    try claimEarlierPushes(of: channel, named: name)
    let path = database.path
    let waiting = try database.query(
      "SELECT item FROM push_waiting WHERE channel_id = ? ORDER BY queued_at, rowid", [.text(channel.rawValue)]
    ) { row throws(StateError) in
      let text = try row.requiredString(at: 0, "item")
      guard let item = try? JSONDecoder().decode(PushItem.self, from: Data(text.utf8)) else {
        throw StateError.unexpectedValue(path: path, detail: "an unreadable release waiting for \(name)")
      }
      return item
    }
    let asked = Set(ids)
    let told = try database.query(
      "SELECT release_id FROM push_told WHERE channel_id = ?", [.text(channel.rawValue)]
    ) { row throws(StateError) in try row.requiredString(at: 0, "release_id") }
    return PushBacklog(waiting: waiting, told: asked.intersection(told))
  }

  public func recordPush(channel: PushChannelID, named name: String, _ record: PushRecord) throws(StateError) {
    let tell = try database.prepare(
      "INSERT OR IGNORE INTO push_told (channel_id, release_id, told_at) VALUES (?, ?, ?)")
    let unqueue = try database.prepare("DELETE FROM push_waiting WHERE channel_id = ? AND release_id = ?")
    // A release waiting keeps its place, and takes tonight's line: a link become direct, a release announced then and
    // out now.
    let queue = try database.prepare(
      """
      INSERT INTO push_waiting (channel_id, release_id, item, queued_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (channel_id, release_id) DO UPDATE SET item = excluded.item
      """)
    let state = try database.prepare(
      """
      INSERT INTO push_channel (channel_id, name, last_attempt, last_delivered, last_reply, failure, permanent)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (channel_id) DO UPDATE SET name = excluded.name, last_attempt = excluded.last_attempt,
        last_delivered = COALESCE(excluded.last_delivered, last_delivered),
        last_reply = COALESCE(excluded.last_reply, last_reply), failure = excluded.failure,
        permanent = excluded.permanent
      """)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let id = SQLValue.text(channel.rawValue)
    try database.transaction { () throws(StateError) in
      for item in record.told {
        try tell.execute([id, .text(item.toldID), SQLValue(record.at)])
        try unqueue.execute([id, .text(item.id)])
      }
      for item in record.waiting {
        let json = String(decoding: (try? encoder.encode(item)) ?? Data(), as: UTF8.self)
        try queue.execute([id, .text(item.id), .text(json), SQLValue(record.at)])
      }
      try state.execute([
        id, .text(name), SQLValue(record.at), SQLValue(record.reply == nil ? nil : record.at), SQLValue(record.reply),
        SQLValue(record.failure), SQLValue(record.permanent ? 1 : 0),
      ])
    }
  }

  public func pushChannels() throws(StateError) -> [PushChannelState] {
    let path = database.path
    return try database.query(
      """
      SELECT c.channel_id, c.name, c.last_attempt, c.last_delivered, c.last_reply, c.failure, c.permanent,
        (SELECT COUNT(*) FROM push_waiting w WHERE w.channel_id = c.channel_id)
      FROM push_channel c ORDER BY c.name, c.channel_id
      """, []
    ) { row throws(StateError) in
      let text = try row.requiredString(at: 0, "channel_id")
      guard let id = PushChannelID(rawValue: text) else {
        throw StateError.unexpectedValue(path: path, detail: "'\(text)' is not a push channel's identity")
      }
      return PushChannelState(
        channel: id, name: try row.requiredString(at: 1, "name"),
        lastAttempt: try row.requiredDate(at: 2, "last_attempt"),
        lastDelivered: row.date(at: 3), lastReply: row.string(at: 4), failure: row.string(at: 5),
        permanent: row.int(at: 6) != 0, waiting: row.int(at: 7))
    }
  }
}

// MARK: - What a deepcut before schema 8 kept

extension StateStore {
  /// Gives `channel` what a deepcut before schema 8 kept under its name (what it told, what waits for it, its last
  /// push), in one transaction, if it has not taken it yet. Lazily, when the channel is first used, since only the
  /// channels file can tell which identity an old name was: a name holds the first 6 hex digits of its identity's
  /// hash, not the hash. A night calls it for each channel it pushes to; `status` for each channel the file names.
  public func claimEarlierPushes(of channel: PushChannelID, named name: String) throws(StateError) {
    try database.transaction { () throws(StateError) in
      let names = try database.query(
        """
        SELECT channel FROM push_channel_by_name UNION SELECT channel FROM push_told_by_name
        UNION SELECT channel FROM push_waiting_by_name
        """, []
      ) { row throws(StateError) in try row.requiredString(at: 0, "channel") }
      guard let earlier = Self.earlierName(of: channel, named: name, among: names) else { return }
      let (id, old) = (SQLValue.text(channel.rawValue), SQLValue.text(earlier))
      // What the channel kept under its identity already wins: it is newer. Waiting rows keep their order (rowid).
      try database.run(
        """
        INSERT OR IGNORE INTO push_told (channel_id, release_id, told_at)
        SELECT ?, release_id, told_at FROM push_told_by_name WHERE channel = ?
        """, [id, old])
      try database.run(
        """
        INSERT OR IGNORE INTO push_waiting (channel_id, release_id, item, queued_at)
        SELECT ?, release_id, item, queued_at FROM push_waiting_by_name WHERE channel = ? ORDER BY queued_at, rowid
        """, [id, old])
      try database.run(
        """
        INSERT OR IGNORE INTO push_channel (channel_id, name, last_attempt, last_delivered, last_reply, failure, permanent)
        SELECT ?, ?, last_attempt, last_delivered, last_reply, failure, permanent FROM push_channel_by_name
        WHERE channel = ?
        """, [id, .text(name), old])
      for table in ["push_told_by_name", "push_waiting_by_name", "push_channel_by_name"] {
        try database.run("DELETE FROM \(table) WHERE channel = ?", [old])
      }
    }
  }

  /// Which of `names` (kept before schema 8) was `channel`'s: the name it reads as now, else the one name that ends
  /// with its mark (`… #3f9a1c`, `… #3f9a1c (through apprise)`), reworded since. Never one of several with its mark:
  /// two channels whose hashes begin alike stay two, and their rows stay where they are.
  static func earlierName(of channel: PushChannelID, named name: String, among names: [String]) -> String? {
    if names.contains(name) { return name }
    let marked = names.filter { earlier in
      earlier.hasSuffix(" #\(channel.mark)") || earlier.hasSuffix(" #\(channel.mark) (through apprise)")
    }
    return marked.count == 1 ? marked.first : nil
  }
}
