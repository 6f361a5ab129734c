// An MCP-Nest server (@rekog/mcp-nest): the strategy advertises `{ listChanged: true }` for each
// primitive its controllers decorate, and `logging: {}`. Over stdio it answers `initialize` only.
import "reflect-metadata";
import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, StdioTransport, Tool } from "@rekog/mcp-nest";
import { z } from "zod";

@McpController()
class KitchenController {
  @Tool({ name: "timer", description: "Start a kitchen timer", parameters: z.object({ minutes: z.number() }) })
  timer({ minutes }: { minutes: number }) {
    return `Timer set for ${minutes} min`;
  }

  @Prompt({ name: "leftovers", description: "Cook something from leftovers" })
  leftovers() {
    return { messages: [] };
  }
}

@Module({ controllers: [KitchenController] })
class KitchenModule {}

export const strategy = new McpStrategy({ name: "kitchen", version: "1.0.0", transports: [new StdioTransport()] });

export async function bootstrap() {
  const app = await NestFactory.createMicroservice(KitchenModule, { strategy });
  await app.listen();
  return app;
}
