import { EventEmitter } from 'node:events';

/** A domain event on its way to a socket room (`users.{id}`, `agents.{id}`, `chatroom.{id}`, the product room). */
export interface RoomEvent {
  name: string;
  room: string;
  data: unknown;
}

/**
 * Services publish domain events here; the realtime layer delivers them to socket
 * rooms (through the Redis adapter when several processes run). Publishing never
 * waits on delivery, so a slow socket cannot slow a request.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  publish(name: string, room: string, data: unknown): void {
    const event: RoomEvent = { name, room, data };
    // Deliver after the current request's work so a listener's failure cannot break it.
    queueMicrotask(() => this.emitter.emit('event', event));
  }

  subscribe(listener: (event: RoomEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
