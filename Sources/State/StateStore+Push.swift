internal import Delivery
internal import Foundation
public import Night

extension StateStore: PushLedger {
  public func pushBacklog(channel: String, among ids: [String]) throws(StateError) -> PushBacklog {
    let path = database.path
    let waiting = try database.query(
      "SELECT item FROM push_waiting WHERE channel = ? ORDER BY queued_at, rowid", [.text(channel)]
    ) { row throws(StateError) in
      let text = try row.requiredString(at: 0, "item")
      guard let item = try? JSONDecoder().decode(PushItem.self, from: Data(text.utf8)) else {
        throw StateError.unexpectedValue(path: path, detail: "an unreadable release waiting for \(channel)")
      }
      return item
    }
    let asked = Set(ids)
    let told = try database.query("SELECT release_id FROM push_told WHERE channel = ?", [.text(channel)]) {
      row throws(StateError) in try row.requiredString(at: 0, "release_id")
    }
    return PushBacklog(waiting: waiting, told: asked.intersection(told))
  }

  public func recordPush(channel: String, _ record: PushRecord) throws(StateError) {
    let tell = try database.prepare("INSERT OR IGNORE INTO push_told (channel, release_id, told_at) VALUES (?, ?, ?)")
    let unqueue = try database.prepare("DELETE FROM push_waiting WHERE channel = ? AND release_id = ?")
    let queue = try database.prepare(
      "INSERT OR IGNORE INTO push_waiting (channel, release_id, item, queued_at) VALUES (?, ?, ?, ?)")
    let state = try database.prepare(
      """
      INSERT INTO push_channel (channel, last_attempt, last_delivered, last_reply, failure, permanent)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (channel) DO UPDATE SET last_attempt = excluded.last_attempt,
        last_delivered = COALESCE(excluded.last_delivered, last_delivered),
        last_reply = COALESCE(excluded.last_reply, last_reply), failure = excluded.failure,
        permanent = excluded.permanent
      """)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    try database.transaction { () throws(StateError) in
      for item in record.told {
        try tell.execute([.text(channel), .text(item.id), SQLValue(record.at)])
        try unqueue.execute([.text(channel), .text(item.id)])
      }
      for item in record.waiting {
        let json = String(decoding: (try? encoder.encode(item)) ?? Data(), as: UTF8.self)
        try queue.execute([.text(channel), .text(item.id), .text(json), SQLValue(record.at)])
      }
      try state.execute([
        .text(channel), SQLValue(record.at), SQLValue(record.reply == nil ? nil : record.at), SQLValue(record.reply),
        SQLValue(record.failure), SQLValue(record.permanent ? 1 : 0),
      ])
    }
  }

  public func pushChannels() throws(StateError) -> [PushChannelState] {
    try database.query(
      """
      SELECT c.channel, c.last_attempt, c.last_delivered, c.last_reply, c.failure, c.permanent,
        (SELECT COUNT(*) FROM push_waiting w WHERE w.channel = c.channel)
      FROM push_channel c ORDER BY c.channel
      """, []
    ) { row throws(StateError) in
      PushChannelState(
        channel: try row.requiredString(at: 0, "channel"), lastAttempt: try row.requiredDate(at: 1, "last_attempt"),
        lastDelivered: row.date(at: 2), lastReply: row.string(at: 3), failure: row.string(at: 4),
        permanent: row.int(at: 5) != 0, waiting: row.int(at: 6))
    }
  }
}
