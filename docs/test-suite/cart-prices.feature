# language: fr
Fonctionnalité: cart-prices — suite de couverture (2 chemins, 4 étapes ; transitions prises : 4 sur 4 (liste exhaustive : 5 chemins, 6 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: cart-prices-1
    Étant donné que la page est ouverte
    Alors 3 lignes : « Histoire du Château », « Constitution cantonale (brochure) », « Annuaire statistique 2019 » ; « Prix unitaire » de « Histoire du Château » : « 12,50 CHF » ; « Prix unitaire » de « Constitution cantonale (brochure) » : « 0,90 CHF » ; « Prix unitaire » de « Annuaire statistique 2019 » : « 30,00 CHF » ; le message « Vérification des prix… » ; « Articles » : « 6 articles » ; « Total » : « 115,90 CHF »
    Quand La boutique répond : la brochure coûte désormais 1,20, l’annuaire 2019 n’est plus en vente
    Alors « Prix unitaire » de « Constitution cantonale (brochure) » : « Prix modifié : 0,90 CHF → 1,20 CHF » ; « Prix unitaire » de « Annuaire statistique 2019 » : « Cet article n'est plus disponible » ; le message « Le prix d'un article a changé depuis son ajout au panier. Un article n'est plus disponible : il n'est pas compté dans le total. » ; « Articles » : « 3 articles » ; « Total » : « 26,20 CHF »

  Scénario: cart-prices-2
    Étant donné que la page est ouverte
    Alors 3 lignes : « Histoire du Château », « Constitution cantonale (brochure) », « Annuaire statistique 2019 » ; « Prix unitaire » de « Histoire du Château » : « 12,50 CHF » ; « Prix unitaire » de « Constitution cantonale (brochure) » : « 0,90 CHF » ; « Prix unitaire » de « Annuaire statistique 2019 » : « 30,00 CHF » ; le message « Vérification des prix… » ; « Articles » : « 6 articles » ; « Total » : « 115,90 CHF »
    Quand L’appel de la boutique échoue
    Alors l’alerte « Prix non vérifiés : les prix affichés sont ceux du moment de l'ajout au panier. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors le message « Vérification des prix… » ; aucune alerte
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… »
