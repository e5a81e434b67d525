// Starts Amazon's DynamoDB Local with its HTTP connector bound to 127.0.0.1.
// DynamoDB Local has no option for the interface and binds every one (Jetty's
// Server(port)), which would expose an unauthenticated database to the network
// the machine is on. This builds the server from the same command line, sets
// the host of each connector before it starts, and otherwise runs it unchanged.
// Run by local/dynamodb-local.ts as a single-file source program (java File.java).
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    proxy.join();
  }
}
