import CGLib
import Dispatch
import Foundation
import MainLoopBridge

// Checks the main-queue bridge the way the app uses it: the bridge installed, then the main thread
// given to g_main_loop_run. Every way Swift code reaches the main thread must run there — a
// `Task { @MainActor in }`, `await MainActor.run` from a detached task, `DispatchQueue.main.async`,
// and many hops at once from background threads — and the loop must not spin once they are done
// (the eventfd is read), and it must run beside a redraw that never catches up. Prints what failed
// and exits 1, or exits 0. Run by MainLoopBridgeTests.

/// Hops sent from background threads at once: enough for the thread sanitizer to see the
/// eventfd's writers and the draining main thread overlap.
let concurrentHops = 2_000
/// Longest the whole check may take before it counts as hung.
let timeoutSeconds: UInt32 = 20

@MainActor final class Check {
    var failures: [String] = []
    var taskRan = false
    var mainActorRunRan = false
    var dispatchRan = false
    var hops = 0
    var ranBesideRedraw = false
    var redrawPolls = 0
    var isDone: Bool { taskRan && mainActorRunRan && dispatchRan && hops == concurrentHops }

    func expectMainThread(_ what: String) {
        if !Thread.isMainThread { failures.append("\(what) ran off the main thread") }
    }
}

let check = Check()
let loop = g_main_loop_new(nil, 0)
MainQueueBridge.install()

Task { @MainActor in
    check.expectMainThread("Task { @MainActor in }")
    check.taskRan = true
}
Task.detached {
    await MainActor.run {
        check.expectMainThread("await MainActor.run")
        check.mainActorRunRan = true
    }
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrentHops {
            group.addTask { await MainActor.run { check.hops += 1 } }
        }
    }
}
DispatchQueue.main.async {
    MainActor.assumeIsolated {
        check.expectMainThread("DispatchQueue.main.async")
        check.dispatchRan = true
    }
}

/// Polls for completion from the loop itself (a GLib timeout, not the bridge under test).
let poll: GSourceFunc = { _ in
    MainActor.assumeIsolated {
        guard check.isDone else { return 1 }  // G_SOURCE_CONTINUE
        g_main_loop_quit(loop)
        return 0
    }
}
let giveUp: GSourceFunc = { _ in
    MainActor.assumeIsolated {
        check.failures.append(
            "timed out after \(timeoutSeconds) s: Task \(check.taskRan), MainActor.run \(check.mainActorRunRan), DispatchQueue.main \(check.dispatchRan), hops \(check.hops) of \(concurrentHops)"
        )
        g_main_loop_quit(loop)
        return 1  // kept: removed below, whichever way the loop ended
    }
}
g_timeout_add(5, poll, nil)
let giveUpSource = g_timeout_add_seconds(timeoutSeconds, giveUp, nil)
g_main_loop_run(loop)

// A redraw that never catches up: GTK's frame clock, animating a spinner on a slow renderer, is
// ready again on every iteration at its redraw priority (G_PRIORITY_HIGH_IDLE + 20). Work queued
// on the main queue must still run — a failed download's message, autosave and Quit waited
// behind such a spinner for as long as it turned while the bridge sat below redraw.
if check.failures.isEmpty {
    let endlessRedraw: GSourceFunc = { _ in
        usleep(2_000)  // a frame's painting
        return 1  // G_SOURCE_CONTINUE: due again at once
    }
    let redraw = g_idle_add_full(G_PRIORITY_HIGH_IDLE + 20, endlessRedraw, nil, nil)
    Task.detached {
        await MainActor.run { check.ranBesideRedraw = true }
    }
    let ranOrGaveUp: GSourceFunc = { _ in
        MainActor.assumeIsolated {
            guard check.ranBesideRedraw || check.redrawPolls >= 300 else {
                check.redrawPolls += 1
                return 1
            }
            if !check.ranBesideRedraw {
                check.failures.append("MainActor.run waited 3 s behind a redraw that never caught up: the bridge is below GTK's redraw")
            }
            g_main_loop_quit(loop)
            return 0
        }
    }
    g_timeout_add(10, ranOrGaveUp, nil)
    g_main_loop_run(loop)
    g_source_remove(redraw)
}

// Idle: with nothing queued, the loop must sleep. A bridge that forgot to read its eventfd
// would be woken again at once, and burn the whole interval on the CPU.
if check.failures.isEmpty {
    let idleMilliseconds: UInt32 = 300
    let before = clock()
    let stop: GSourceFunc = { _ in
        g_main_loop_quit(loop)
        return 0
    }
    g_timeout_add(idleMilliseconds, stop, nil)
    g_main_loop_run(loop)
    let cpuMilliseconds = Double(clock() - before) * 1000 / Double(CLOCKS_PER_SEC)
    if cpuMilliseconds > Double(idleMilliseconds) / 2 {
        check.failures.append("the idle loop used \(Int(cpuMilliseconds)) ms of CPU in \(idleMilliseconds) ms: it spins")
    }
}
g_source_remove(giveUpSource)

if check.failures.isEmpty {
    print("main-queue bridge: ok (\(concurrentHops) concurrent hops)")
    exit(0)
}
FileHandle.standardError.write(Data(("main-queue bridge: " + check.failures.joined(separator: "; ") + "\n").utf8))
exit(1)
