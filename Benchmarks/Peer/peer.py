"""The peer of the `relay-peer` benchmark rows: pycrdt-websocket, the Yjs server behind Jupyter's
real-time collaboration, and load clients for it.

    peer.py server [--store FOLDER]
        Serves pycrdt-websocket's WebsocketServer on 127.0.0.1 (a free port) through the
        `websockets` library and prints "listening ws://127.0.0.1:PORT". With --store each room
        keeps its updates in pycrdt-store's SQLiteYStore, a database file per room in FOLDER
        (see StoredServer). Runs until its standard input closes.

    peer.py clients --server URL --rooms FIRST:END --clients FIRST:END --room-size K [--idle]
        Joins rooms FIRST..END-1 with clients FIRST..END-1 of each, all in this process (other
        processes may run the room's other clients; a room has K in all): a pycrdt Doc per
        client speaking the y-websocket protocol as the browser's y-websocket provider does
        (sync step 1 and 2, then its own updates; pycrdt's Provider is not used because it also
        sends back every update it applies, which a browser's provider does not). Each client
        (unless --idle) adds its emoji, a Map under its own key of the document's "emojis" Map.
        The process prints JOINED once its clients are in their rooms (start the next process
        only then: see `run_clients`) and READY once every client holds the K emojis of its
        room. Then it reads commands, one a line, from its standard input:
            GO RATE SECONDS EPOCH OUT
        moves one emoji every 1/RATE s for SECONDS (the clients in turn), each move a Map set of
        its emoji's x to the send instant (CLOCK_MONOTONIC − EPOCH, in seconds). Every other
        client of the room stamps when its document applied the move; the latencies (ms) of the
        moves of this step go to the file OUT, one a line, and the process prints
            DONE SENT RECEIVED ELAPSED
        (RECEIVED: the moves of anyone's, this step, that my clients applied within 2 s of its end;
        all the processes' SENT × (K − 1) are expected; ELAPSED: first move to last, in s).
        QUIT (or the end of standard input) ends it.

The Swift side (`EmojiArtBenchmarks --relay-peer-clients`) speaks the same commands against our
relay, so the coordinator (the `relay-peer` workload) drives both the same way.
"""

import argparse
import gc
import os
import sys
import time

import anyio
from pycrdt import (
    Doc,
    Map,
    YMessageType,
    YSyncMessageType,
    create_sync_message,
    create_update_message,
    handle_sync_message,
)
from pycrdt.store import SQLiteYStore
from pycrdt.websocket import WebsocketServer, YRoom
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed


class WebsocketsChannel:
    """A pycrdt Channel over a `websockets` connection (server or client side)."""

    def __init__(self, websocket, path):
        self._websocket = websocket
        self._path = path

    @property
    def path(self):
        return self._path

    def __aiter__(self):
        return self

    async def __anext__(self):
        try:
            return await self._websocket.recv()
        except ConnectionClosed:
            raise StopAsyncIteration()

    async def send(self, message):
        await self._websocket.send(message)

    async def recv(self):
        return await self._websocket.recv()


# -- The server ---------------------------------------------------------------------------------


class StoredServer(WebsocketServer):
    """WebsocketServer whose rooms persist their updates with pycrdt-store's SQLiteYStore, one
    database file per room. (Jupyter's server keeps every document's store in one file; with
    1,000 rooms editing at once their connections to that one file collide — "database is
    locked" on about half the writes, and deliveries go missing as rooms whose store task failed
    restart — so each room gets a file of its own here, the store's best case.)"""

    def __init__(self, folder, **kwargs):
        super().__init__(**kwargs)
        self.folder = folder

    async def get_room(self, name):
        if name not in self.rooms:
            database = os.path.join(self.folder, name.strip("/").replace("/", "_") + ".db")
            store_class = type("BenchmarkYStore", (SQLiteYStore,), {"db_path": database})
            self.rooms[name] = YRoom(ready=True, ystore=store_class(path=name), log=self.log)
        room = self.rooms[name]
        await self.start_room(room)
        return room


def log_and_go_on(exception, log):
    print(f"peer server: {exception!r}", file=sys.stderr, flush=True)
    return True


async def run_server(store):
    if store:
        websocket_server = StoredServer(store, exception_handler=log_and_go_on)
    else:
        websocket_server = WebsocketServer(exception_handler=log_and_go_on)

    async def handler(websocket):
        await websocket_server.serve(WebsocketsChannel(websocket, websocket.request.path))

    async with websocket_server:
        # No per-message compression: our relay has none, and messages this small gain nothing.
        async with serve(handler, "127.0.0.1", 0, compression=None, max_size=None) as server:
            port = server.sockets[0].getsockname()[1]
            print(f"listening ws://127.0.0.1:{port}", flush=True)
            # Until the coordinator closes our standard input (or kills us); then out at once,
            # without waiting for the rooms' tasks to wind down.
            await anyio.to_thread.run_sync(sys.stdin.read)
            os._exit(0)


# -- The clients --------------------------------------------------------------------------------


class Samples:
    """The latencies seen by every client of this process: (send instant, ms)."""

    def __init__(self):
        self.items = []


class Client:
    def __init__(self, server, room, name, room_size, samples, epoch_box):
        self.server = server
        self.room = room
        self.name = name
        self.room_size = room_size
        self.samples = samples
        self.epoch_box = epoch_box
        self.doc = Doc()
        self.emojis = self.doc.get("emojis", type=Map)
        self.emojis.observe_deep(self.changed)
        # The updates of my own transactions, to send; remote ones are not sent back.
        self.local = False
        self.outbox = []
        self.doc.observe(self.transacted)
        self.websocket = None
        self.complete = anyio.Event()
        self.synced = anyio.Event()

    def transacted(self, event):
        if self.local:
            self.outbox.append(event.update)

    def changed(self, events):
        # Runs inside the transaction that applied an update: the instant the move is applied.
        now = time.monotonic() - self.epoch_box[0]
        for event in events:
            path = event.path
            if len(path) == 1 and path[0] != self.name and "x" in event.keys:
                sent = event.keys["x"]["newValue"]
                if sent > 0:
                    self.samples.items.append((sent, (now - sent) * 1000))
        if not self.complete.is_set() and len(self.emojis) >= self.room_size:
            self.complete.set()

    async def run(self, idle, ready, stop):
        async with connect(
            f"{self.server}/{self.room}", compression=None, max_size=None, open_timeout=300
        ) as websocket:
            self.websocket = websocket
            async with anyio.create_task_group() as group:
                group.start_soon(self.receive)
                await websocket.send(create_sync_message(self.doc))
                await self.synced.wait()
                if not idle:
                    # One emoji as the app has it: a Map of its fields.
                    await self.edit(
                        lambda: self.emojis.__setitem__(
                            self.name, Map({"text": "🚀", "x": 0.0, "y": 0.0, "size": 40.0})
                        )
                    )
                    await self.complete.wait()
                ready()
                await stop.wait()
                group.cancel_scope.cancel()

    async def receive(self):
        async for message in self.websocket:
            if message[0] != YMessageType.SYNC:
                continue  # awareness
            reply = handle_sync_message(message[1:], self.doc)
            if message[1] == YSyncMessageType.SYNC_STEP2:
                self.synced.set()
            if reply is not None:
                await self.websocket.send(reply)

    async def edit(self, body):
        self.local = True
        try:
            body()
        finally:
            self.local = False
        updates, self.outbox = self.outbox, []
        for update in updates:
            await self.websocket.send(create_update_message(update))

    async def move(self):
        sent = time.monotonic() - self.epoch_box[0]
        await self.edit(lambda: self.emojis[self.name].__setitem__("x", sent))


async def run_clients(args):
    first, end = (int(part) for part in args.rooms.split(":"))
    first_client, end_client = (int(part) for part in args.clients.split(":"))
    samples = Samples()
    epoch_box = [0.0]
    clients = [
        Client(args.server, f"room{room}", f"c{room}-{k}", args.room_size, samples, epoch_box)
        for room in range(first, end)
        for k in range(first_client, end_client)
    ]
    stop = anyio.Event()
    ready_count = 0
    all_ready = anyio.Event()

    def ready():
        nonlocal ready_count
        ready_count += 1
        if ready_count == len(clients):
            all_ready.set()

    async with anyio.create_task_group() as group:
        # A room's first client joins alone: pycrdt-websocket's server starts a new room once per
        # join that finds it not started yet, and the joins that lose that race are left waiting
        # for ever. Then the others, a few at a time, as a crowd of people would.
        firsts = {}
        for client in clients:
            if client.room not in firsts:
                firsts[client.room] = client
                group.start_soon(client.run, args.idle, ready, stop)
                await client.synced.wait()
        others = [client for client in clients if firsts[client.room] is not client]
        for index, client in enumerate(others):
            group.start_soon(client.run, args.idle, ready, stop)
            if index % 50 == 49:
                await anyio.sleep(0.05)
        await all_joined(clients)
        print("JOINED", flush=True)
        await all_ready.wait()
        # The thousands of documents and connections made so far stay: keep the collector's
        # full passes off them, or its pauses are the clients', counted against the server.
        gc.collect()
        gc.freeze()
        print("READY", flush=True)
        while True:
            line = await anyio.to_thread.run_sync(sys.stdin.readline)
            words = line.split()
            if not words or words[0] == "QUIT":
                break
            if words[0] == "GO":
                rate, seconds, epoch = (float(word) for word in words[1:4])
                out = words[4]
                epoch_box[0] = epoch
                result = await step(clients, samples, rate, seconds, epoch, out)
                print("DONE " + " ".join(str(n) for n in result), flush=True)
        stop.set()


async def all_joined(clients):
    for client in clients:
        await client.synced.wait()


async def step(clients, samples, rate, seconds, epoch, out):
    """Moves at `rate` a second for `seconds`, the clients in turn; the ticks are fixed in time,
    so a late tick is caught up at once rather than lowering the rate unnoticed."""
    samples.items = []
    start = time.monotonic() - epoch
    ticks = int(rate * seconds)
    sent = 0
    for tick in range(ticks):
        due = start + tick / rate
        delay = due - (time.monotonic() - epoch)
        if delay > 0:
            await anyio.sleep(delay)
        await clients[tick % len(clients)].move()
        sent += 1
        # Let the event loop send and receive between moves even when behind.
        if delay <= 0 and tick % 16 == 0:
            await anyio.sleep(0)
    end = time.monotonic() - epoch
    await anyio.sleep(2)
    latencies = [ms for (sent_at, ms) in samples.items if start <= sent_at <= end]
    with open(out, "w") as file:
        file.write("\n".join(f"{ms:.4f}" for ms in latencies))
    return sent, len(latencies), end - start


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    server = commands.add_parser("server")
    server.add_argument("--store", help="a folder for the SQLite store (none: in memory only)")
    clients = commands.add_parser("clients")
    clients.add_argument("--server", required=True)
    clients.add_argument("--rooms", required=True, help="FIRST:END, rooms FIRST..END-1")
    clients.add_argument("--clients", required=True, help="FIRST:END, clients FIRST..END-1 of each")
    clients.add_argument("--room-size", type=int, required=True, help="clients in a room in all")
    clients.add_argument("--idle", action="store_true", help="join only, add nothing")
    args = parser.parse_args()
    if args.command == "server":
        anyio.run(run_server, args.store)
    else:
        anyio.run(run_clients, args)


if __name__ == "__main__":
    main()
