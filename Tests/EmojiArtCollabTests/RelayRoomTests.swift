import Testing

@testable import EmojiArtCollab

@Suite struct RelayRoomTests {
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!

    func push(_ cseq: Int) -> ClientMessage.Push {
        ClientMessage.Push(cseq: cseq, payload: .plain(.ops([])))
    }

    func hello(_ client: ClientID, lastSeq: Int = 0, epoch: String? = "e1") -> ClientMessage.Hello {
        ClientMessage.Hello(room: "r", client: client, lastSeq: lastSeq, epoch: epoch)
    }

    @Test("seq grows by one, a (client, cseq) enters once, only committed pushes are durable")
    func ordering() {
        var room = RelayRoom(id: "r", epoch: "e1", verifier: nil)
        let result1 = room.receive(push(1), from: ann)
        #expect(result1)
        let result2 = room.receive(push(1), from: bob)
        #expect(result2)
        let result3 = room.receive(push(1), from: ann)
        #expect(!result3, "a resend")
        #expect(room.durableSeq == 0)
        let committed = room.commit()
        #expect(committed.map(\.seq) == [1, 2])
        let result4 = room.receive(push(1), from: ann)
        #expect(!result4, "a resend after commit")
        let result5 = room.receive(push(2), from: ann)
        #expect(result5)
        #expect(room.seq == 3 && room.durableSeq == 2)
    }

    @Test("a crash drops the uncommitted tail, and its pushes are accepted again")
    func crash() {
        var room = RelayRoom(id: "r", epoch: "e1", verifier: nil)
        room.receive(push(1), from: ann)
        _ = room.commit()
        room.receive(push(2), from: ann)
        room.crash()
        #expect(room.seq == 1)
        let result6 = room.receive(push(1), from: ann)
        #expect(!result6)
        let result7 = room.receive(push(2), from: ann)
        #expect(result7)
    }

    @Test("a welcome sends what the client lacks and its highest durable cseq")
    func welcome() {
        var room = RelayRoom(id: "r", epoch: "e1", verifier: nil)
        room.receive(push(1), from: ann)
        room.receive(push(1), from: bob)
        room.receive(push(2), from: ann)
        _ = room.commit()
        room.receive(push(3), from: ann)
        guard case .welcome(let welcome) = room.welcome(hello(ann, lastSeq: 1)) else {
            Issue.record("no welcome")
            return
        }
        #expect(welcome.ops.map(\.seq) == [2, 3])
        #expect(welcome.ackedCseq == 2)
        #expect(welcome.seq == 3)
        guard case .welcome(let other) = room.welcome(hello(bob, lastSeq: 2, epoch: "old")) else {
            Issue.record("no welcome")
            return
        }
        #expect(other.ops.count == 3, "another epoch starts from nothing")
    }

    @Test("compaction keeps the answers the same: a snapshot plus the rest, resends still refused")
    func compaction() {
        var room = RelayRoom(id: "r", epoch: "e1", verifier: nil)
        for cseq in 1...3 { room.receive(push(cseq), from: ann) }
        _ = room.commit()
        let result8 = room.compact(ClientMessage.SnapshotPush(seq: 4, payload: .plain(.snapshot(CollabState()))))
        #expect(!result8, "not durable")
        let result9 = room.compact(ClientMessage.SnapshotPush(seq: 2, payload: .plain(.snapshot(CollabState()))))
        #expect(result9)
        #expect(room.log.map(\.seq) == [3])
        room.crash()
        let result10 = room.receive(push(2), from: ann)
        #expect(!result10)
        guard case .welcome(let welcome) = room.welcome(hello(bob)) else {
            Issue.record("no welcome")
            return
        }
        #expect(welcome.snapshot?.seq == 2)
        #expect(welcome.ops.map(\.seq) == [3])
        guard case .welcome(let annWelcome) = room.welcome(hello(ann, lastSeq: 3)) else {
            Issue.record("no welcome")
            return
        }
        #expect(annWelcome.ackedCseq == 3 && annWelcome.snapshot == nil && annWelcome.ops.isEmpty)
    }

    @Test("a hello for another room or protocol version gets an error message")
    func refusals() {
        let room = RelayRoom(id: "r", epoch: "e1", verifier: nil)
        guard case .error(let error) = room.welcome(ClientMessage.Hello(room: "x", client: ann, lastSeq: 0, epoch: nil)) else {
            Issue.record("no error")
            return
        }
        #expect(error.code == .badRoom)
        guard case .error(let version) = room.welcome(ClientMessage.Hello(version: 99, room: "r", client: ann, lastSeq: 0, epoch: nil))
        else {
            Issue.record("no error")
            return
        }
        #expect(version.code == .badVersion)
    }
}
