// The parts of janode (Meetecho's Janus client, plain JavaScript) that server/circles/janus.ts uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';
  export interface JanodeHandle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    trickle(candidate: object): Promise<void>;
    trickleComplete(): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string } | Array<{ url: string; apisecret?: string }>;
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: string): void };
    EVENT: Record<
      | 'CONNECTION_CLOSED'
      | 'CONNECTION_ERROR'
      | 'SESSION_DESTROYED'
      | 'HANDLE_DETACHED'
      | 'HANDLE_HANGUP'
      | 'HANDLE_WEBRTCUP'
      | 'HANDLE_ICE_FAILED'
      | 'HANDLE_SLOWLINK',
      string
    >;
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle } from 'janode';

  type Jsep = { type: 'offer' | 'answer'; sdp: string };
  export interface VideoRoomHandle extends JanodeHandle {
    create(params: {
      room: number;
      secret: string;
      pin: string;
      admin_key: string;
      max_publishers: number;
      description?: string;
      is_private?: boolean;
      permanent?: boolean;
      bitrate?: number;
      notify_joining?: boolean;
    }): Promise<{ room: number }>;
    destroy(params: { room: number; secret: string }): Promise<unknown>;
    joinConfigurePublisher(params: {
      room: number;
      pin: string;
      display?: string;
      audio?: boolean;
      video?: boolean;
      jsep: Jsep;
    }): Promise<{ feed: number; jsep?: Jsep }>;
    joinSubscriber(params: {
      room: number;
      feed: number;
      pin: string;
      sc_substream_layer?: number;
    }): Promise<{ jsep?: Jsep }>;
    configure(params: {
      sc_substream_layer?: number;
      sc_temporal_layers?: number;
      streams?: Array<{ mid: string; substream?: number; temporal?: number }>;
    }): Promise<unknown>;
    start(params: { jsep: Jsep }): Promise<unknown>;
  }
  const VideoRoomPlugin: {
    id: string;
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: Record<'VIDEOROOM_DESTROYED' | 'VIDEOROOM_UNPUBLISHED' | 'VIDEOROOM_KICKED', string>;
  };
  export default VideoRoomPlugin;
}
