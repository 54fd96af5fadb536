/// My running drag as the others see it (C3): its latest frames go out at most every
/// `interval` (≤ 30 Hz), one the pace held back goes out on the next tick, and they go out again
/// every `heartbeat` while the drag is held still, so the others' live layer keeps them.
struct DragPreviewPacer {
    let interval: Duration
    let heartbeat: Duration
    private(set) var frames: [PreviewFrame] = []
    private var lastSent: Duration?
    private var framesSent = true

    init(interval: Duration, heartbeat: Duration) {
        self.interval = interval
        self.heartbeat = heartbeat
    }

    /// The drag moved: true when its frames should go out now.
    mutating func moved(to frames: [PreviewFrame], at time: Duration) -> Bool {
        self.frames = frames
        framesSent = false
        if let lastSent, time - lastSent < interval { return false }
        return true
    }

    /// The clock's tick during a drag: true when the held frames should go out (again).
    func isDue(at time: Duration) -> Bool {
        guard !frames.isEmpty else { return false }
        let wait = framesSent ? heartbeat : interval
        return lastSent.map { time - $0 >= wait } ?? true
    }

    mutating func sent(at time: Duration) {
        lastSent = time
        framesSent = true
    }

    /// The drag ended (its step was made) or the connection dropped.
    mutating func clear() {
        frames = []
    }
}
