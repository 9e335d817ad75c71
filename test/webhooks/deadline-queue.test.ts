import { expect } from "chai";
import { setTimeout as sleep } from "node:timers/promises";
import { DeadlineQueue } from "../../src/webhooks/deadline-queue.js";

describe("DeadlineQueue", () => {
  it("answers a waiter with the timeout value once its time is up", async () => {
    const queue = new DeadlineQueue(30, "timed out");
    const answers: string[] = [];
    const waiter = queue.add((value) => answers.push(value));
    await sleep(60);
    expect(answers).to.deep.equal(["timed out"]);
    expect(queue.answer(waiter, "late")).to.equal(false);
    expect(answers).to.deep.equal(["timed out"]);
  });

  it("lets an answer that comes first win, and never times it out afterwards", async () => {
    const queue = new DeadlineQueue(30, "timed out");
    const answers: string[] = [];
    const waiter = queue.add((value) => answers.push(value));
    expect(queue.answer(waiter, "done")).to.equal(true);
    await sleep(60);
    expect(answers).to.deep.equal(["done"]);
  });

  it("times out each of many waiters once, oldest first, with one timer", async () => {
    const queue = new DeadlineQueue(20, "timed out");
    const answers: number[] = [];
    for (let index = 0; index < 5; index++) {
      const waiter = queue.add(() => answers.push(index));
      if (index === 2) queue.answer(waiter, "done");
    }
    await sleep(60);
    expect(answers).to.deep.equal([2, 0, 1, 3, 4]);
  });

  it("never times out with an infinite timeout", async () => {
    const queue = new DeadlineQueue(Infinity, "timed out");
    const answers: string[] = [];
    queue.add((value) => answers.push(value));
    await sleep(30);
    expect(answers).to.deep.equal([]);
  });

  it("keeps only waiters still waiting: an answered one leaves at once, wherever it is", () => {
    const queue = new DeadlineQueue(60_000, "timed out");
    const waiters = Array.from({ length: 5 }, () => queue.add(() => undefined));
    queue.answer(waiters[2]!, "done");
    queue.answer(waiters[0]!, "done");
    queue.answer(waiters[4]!, "done");
    expect(queue.size).to.equal(2);
    queue.answer(waiters[1]!, "done");
    queue.answer(waiters[3]!, "done");
    expect(queue.size).to.equal(0);
    expect(queue.answer(waiters[3]!, "again")).to.equal(false);
  });

  it("times out the waiters left after others were answered, in order", async () => {
    const queue = new DeadlineQueue(20, "timed out");
    const answers: number[] = [];
    const waiters = Array.from({ length: 4 }, (_, index) => queue.add(() => answers.push(index)));
    queue.answer(waiters[0]!, "done");
    queue.answer(waiters[2]!, "done");
    await sleep(60);
    expect(answers).to.deep.equal([0, 2, 1, 3]);
    expect(queue.size).to.equal(0);
  });

  // Cloudflare Workers: process.uptime() is always 0 there, and setTimeout returns a number.
  it("times out where process.uptime() stands still and timers have no unref()", async () => {
    const uptime = process.uptime.bind(process);
    const setTimer = globalThis.setTimeout;
    process.uptime = () => 0;
    globalThis.setTimeout = ((callback: () => void, ms: number) => Number(setTimer(callback, ms))) as never;
    try {
      const queue = new DeadlineQueue(30, "timed out");
      const answers: string[] = [];
      queue.add((value) => answers.push(value));
      await sleep(90);
      expect(answers).to.deep.equal(["timed out"]);
    } finally {
      process.uptime = uptime;
      globalThis.setTimeout = setTimer;
    }
  });

  // On Workers a timer dies with the request that set it: one shared timer would leave later requests without a 202.
  it("gives each waiter a timer of its own where asked (Workers), answered or timed out alike", async () => {
    const queue = new DeadlineQueue(30, "timed out", { perWaiterTimers: true });
    const answers: string[] = [];
    const first = queue.add((value) => answers.push(`first ${value}`));
    queue.add((value) => answers.push(`second ${value}`));
    expect(queue.answer(first, "ok")).to.equal(true);
    await sleep(80);
    expect(answers).to.deep.equal(["first ok", "second timed out"]);
    expect(queue.size).to.equal(0);
  });

  it("does not time out early past setTimeout's longest wait (2^31-1 ms), per-waiter timers too", async () => {
    for (const perWaiterTimers of [false, true]) {
      const queue = new DeadlineQueue(3_000_000_000, "timed out", { perWaiterTimers });
      const answers: string[] = [];
      const waiter = queue.add((value) => answers.push(value));
      await sleep(30);
      expect(answers, `perWaiterTimers: ${perWaiterTimers}`).to.deep.equal([]);
      queue.answer(waiter, "ok");
      expect(answers).to.deep.equal(["ok"]);
    }
  });
});
