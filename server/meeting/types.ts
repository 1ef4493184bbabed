import type { ProgressStatus } from '../../protocol';

/** An expert as the meeting sees it (from the experts table / a remote app's expert cog). */
export interface ExpertProfile {
  id: string;
  name: string;
  keywords: string[];
  /** Its voice: how it talks and what it cares about. */
  description: string;
  /** Per-expert model and system prompt for the language-model engine (optional). */
  model?: string | null;
  systemPrompt?: string | null;
  /** The tool providers it declares it needs (expertProviders.ts); absent when it declares none. */
  toolProviders?: string[];
}

/** One earlier turn of the conversation, oldest first. */
export interface HistoryEntry {
  role: 'user' | 'assistant';
  /** The user's name, or the expert's name. */
  name: string;
  expertId?: string;
  content: string;
}

/** A research box: sources or passages behind an answer (SPEC §3). */
export interface ResearchBoxInput {
  id: string;
  name?: string;
  title?: string;
  html?: string;
  content?: string;
}

/** What a tool gives back. `output` is the text an engine reasons with. */
export interface ToolResult {
  output: string;
  /** Structured value, shown in the trace. */
  value?: unknown;
  /** Sources behind the result (web hits, document passages). */
  researchBox?: Omit<ResearchBoxInput, 'id'>;
}

/** A tool failed in a way the user should see ('Tool error: …'). */
export class ToolError extends Error {}

export interface ToolContext {
  worldId: string;
  workspaceId: string;
  now: Date;
  signal: AbortSignal;
}

/** A tool an expert may call; its provider must be selected in the workspace. */
export interface Tool {
  /** e.g. calc_evaluate — the part before the first _ is the provider's prefix. */
  name: string;
  provider: string;
  description: string;
  /** JSON Schema of the arguments (for function calling). */
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * How an expert reports while it works. The runner turns each call into the
 * SPEC §7 frames (server.progress, server.tool.*, server.trace,
 * display.researchbox, assistant.message) and persists what must survive a reload.
 */
export interface ExpertReporter {
  progress(status: Exclude<ProgressStatus, 'done'>, error?: string): void;
  /**
   * Runs a tool by name with start/complete/error frames and a trace, and publishes the
   * result's research box (so engines must not publish it again); rethrows ToolError.
   */
  useTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  trace(key: string, entry: { html?: string; value?: unknown }): void;
  researchBox(box: Omit<ResearchBoxInput, 'id'>): void;
  /** The answer so far (streamed): each call replaces the text; the last one has final true. */
  answer(content: string, final: boolean): void;
}

export interface AnswerRequest {
  expert: ExpertProfile;
  /** The world the meeting is in (remote experts are called with it). */
  worldId?: string;
  /** Every expert in this meeting (so one can defer to another). */
  panel: ExpertProfile[];
  question: string;
  history: HistoryEntry[];
  /** Only the tools of the workspace's selected providers. */
  tools: Tool[];
  /** The providers this expert brings that the workspace has not selected. */
  missingProviders?: string[];
  /** Where the user selects them: the Configure Workspace page of this workspace (a path on this site). */
  configureUrl?: string;
  now: Date;
  signal: AbortSignal;
}

/** Produces one expert's answer: offline rules, or a language model. */
export interface ExpertEngine {
  readonly name: string;
  /** The model it answers with by default (a language-model engine). */
  readonly model?: string;
  answer(request: AnswerRequest, report: ExpertReporter): Promise<void>;
}
